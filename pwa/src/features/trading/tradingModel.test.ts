import { characterName } from "../../../../api/src/game/characterNames";
import { describe, expect, it } from "vitest";
import type { CardDto } from "@contract/cards";
import type { TradeRecordDto } from "@contract/trades";
import {
  NO_BACKGROUND_FILTER,
  NO_FILTERS,
  characterOptions,
  expiryOf,
  filterMarket,
  groupOwnCards,
  historyBadge,
  meansCardsGone,
  ownersPath,
  sidesOf,
  splitOffers,
  tradeBalance,
  unseenReceived,
} from "./tradingModel";

const identity = (over: Partial<CardDto> = {}) => ({ character: "velvetnight1", background: "", set: 1, isHolo: false, isGlitch: false, isDarkHolo: false, ...over });
let nextId = 1;
const card = (over: Partial<CardDto> = {}): CardDto => ({ id: nextId++, userId: 1, points: 10, tier: "Common", openedAt: "2026-11-01T00:00:00Z", ...identity(over), ...over });

describe("filterMarket", () => {
  const market = [
    identity(),
    identity({ character: "velvetnight2", isHolo: true }),
    identity({ character: "bathhouse3", set: 2, background: "space", isGlitch: true }),
    identity({ character: "winterlust1", set: 3, background: "darkvoid", isDarkHolo: true }),
  ];

  it("keeps everything without filters", () => {
    expect(filterMarket(market, NO_FILTERS)).toHaveLength(4);
  });

  it("searches the card name, the character and the background name, ignoring case", () => {
    expect(filterMarket(market, { ...NO_FILTERS, search: "velvet night" }).map((c) => c.character)).toEqual(["velvetnight1", "velvetnight2"]);
    expect(filterMarket(market, { ...NO_FILTERS, search: "BATHHOUSE3" }).map((c) => c.character)).toEqual(["bathhouse3"]);
    expect(filterMarket(market, { ...NO_FILTERS, search: "dark void" }).map((c) => c.character)).toEqual(["winterlust1"]);
    expect(filterMarket(market, { ...NO_FILTERS, search: "  " })).toHaveLength(4);
  });

  it("filters by set, character, background (or none) and variant together", () => {
    expect(filterMarket(market, { ...NO_FILTERS, set: 2 }).map((c) => c.character)).toEqual(["bathhouse3"]);
    expect(filterMarket(market, { ...NO_FILTERS, character: "velvetnight2" })).toHaveLength(1);
    expect(filterMarket(market, { ...NO_FILTERS, background: NO_BACKGROUND_FILTER }).map((c) => c.character)).toEqual(["velvetnight1", "velvetnight2"]);
    expect(filterMarket(market, { ...NO_FILTERS, background: "space" }).map((c) => c.character)).toEqual(["bathhouse3"]);
    expect(filterMarket(market, { ...NO_FILTERS, variant: "darkHolo" }).map((c) => c.character)).toEqual(["winterlust1"]);
    expect(filterMarket(market, { ...NO_FILTERS, variant: "regular" }).map((c) => c.character)).toEqual(["velvetnight1"]);
    expect(filterMarket(market, { ...NO_FILTERS, set: 1, variant: "glitch" })).toEqual([]);
  });

  it("offers the characters of the chosen set, or of all seven", () => {
    expect(characterOptions(1)).toHaveLength(6);
    expect(characterOptions(1)[0]).toEqual({ value: "velvetnight1", label: `${characterName("velvetnight1")} (Velvet Night #1)` });
    expect(characterOptions("all").length).toBeGreaterThan(30);
  });
});

describe("ownersPath", () => {
  it("uses _empty_ for a card without background and the six path parts of SPEC.md", () => {
    expect(ownersPath(identity())).toBe("/trade/cards/velvetnight1/_empty_/1/false/false/false/owners");
    expect(ownersPath(identity({ background: "space", set: 2, character: "bathhouse3", isGlitch: true }))).toBe("/trade/cards/bathhouse3/space/2/false/true/false/owners");
  });
});

describe("groupOwnCards", () => {
  it("groups copies of one kind, offers the oldest copy, spares first, then by points, highest first", () => {
    const a1 = card({ id: 50, points: 5 });
    const a2 = card({ id: 40, points: 5 });
    const b = card({ id: 60, character: "velvetnight6", points: 900 });
    const c = card({ id: 70, isHolo: true, points: 20 });
    const groups = groupOwnCards([a1, b, a2, c]);
    expect(groups.map((g) => [g.card.id, g.count])).toEqual([
      [40, 2],
      [60, 1],
      [70, 1],
    ]);
  });
});

describe("expiryOf", () => {
  const now = Date.parse("2026-11-20T12:00:00Z");
  const at = (ms: number) => new Date(now + ms).toISOString();
  const H = 3_600_000;

  it("shows days and hours, hours and minutes, then minutes", () => {
    expect(expiryOf(at(6 * 24 * H + 5 * H + 10 * 60_000), now)).toEqual({ label: "Expires in 6d 5h", warning: false, expired: false });
    expect(expiryOf(at(5 * H + 7 * 60_000), now)).toEqual({ label: "Expires in 5h 7m", warning: true, expired: false });
    expect(expiryOf(at(42 * 60_000 - 1), now).label).toBe("Expires in 42m");
    expect(expiryOf(at(10_000), now).label).toBe("Expires in 1m");
  });

  it("warns at 24 hours or less and says Expired when over", () => {
    expect(expiryOf(at(24 * H), now).warning).toBe(true);
    expect(expiryOf(at(24 * H + 60_000), now).warning).toBe(false);
    expect(expiryOf(at(0), now)).toEqual({ label: "Expired", warning: true, expired: true });
    expect(expiryOf(at(-H), now).expired).toBe(true);
  });
});

const record = (over: { id: number; from: number; to: number; status?: string; createdAt?: string }): TradeRecordDto => ({
  trade: { id: over.id, fromUserId: over.from, toUserId: over.to, status: over.status ?? "pending", createdAt: over.createdAt ?? "2026-11-20T00:00:00Z", updatedAt: "2026-11-20T00:00:00Z", expiresAt: "2026-11-27T00:00:00Z" },
  offeredCards: [card({ id: 1000 + over.id, userId: over.from })],
  requestedCard: card({ id: 2000 + over.id, userId: over.to }),
  fromUser: { username: `u${over.from}`, displayName: null },
  toUser: { username: `u${over.to}`, displayName: `Player ${over.to}` },
});

describe("offers", () => {
  it("splits pending offers into sent and received", () => {
    const { sent, received } = splitOffers([record({ id: 1, from: 7, to: 8 }), record({ id: 2, from: 8, to: 7 }), record({ id: 3, from: 7, to: 9, status: "accepted" })], 7);
    expect(sent.map((r) => r.trade.id)).toEqual([1]);
    expect(received.map((r) => r.trade.id)).toEqual([2]);
  });

  it("counts received offers newer than the tab's last view", () => {
    const offers = [record({ id: 1, from: 8, to: 7, createdAt: "2026-11-20T10:00:00Z" }), record({ id: 2, from: 9, to: 7, createdAt: "2026-11-20T12:00:00Z" })];
    expect(unseenReceived(offers, null)).toBe(2);
    expect(unseenReceived(offers, "2026-11-20T11:00:00Z")).toBe(1);
    expect(unseenReceived(offers, "2026-11-20T12:00:00Z")).toBe(0);
  });

  it("shows a finished trade from either side", () => {
    const r = record({ id: 4, from: 7, to: 8, status: "accepted" });
    expect(sidesOf(r, 7)).toMatchObject({ gave: { id: 1004 }, got: { id: 2004 }, partner: { username: "u8" } });
    expect(sidesOf(r, 8)).toMatchObject({ gave: { id: 2004 }, got: { id: 1004 }, partner: { username: "u7" } });
  });

  it("names history badges as SPEC.md does", () => {
    expect(["accepted", "declined", "expired", "cancelled", "weird"].map(historyBadge)).toEqual(["Completed", "Declined", "Expired", "Cancelled", "Unknown"]);
  });

  it("reads the accept errors that mean the other player's card is gone", () => {
    expect(meansCardsGone("The offered cards are no longer available")).toBe(true);
    expect(meansCardsGone("You don't own the requested card anymore")).toBe(true);
    expect(meansCardsGone("The requested card doesn't belong to that player")).toBe(true);
    expect(meansCardsGone("This offer has expired")).toBe(false);
    expect(meansCardsGone("Only the player who received this offer can accept or decline it")).toBe(false);
  });
});

describe("the offer picker's order", () => {
  it("puts spares first, then the cards closest in points to what is asked", () => {
    const legendary = card({ character: "velvetnight9", points: 2500 });
    const near = card({ character: "velvetnight4", points: 40 });
    const far = card({ character: "velvetnight5", points: 300 });
    const spare1 = card({ character: "velvetnight6", points: 900 });
    const spare2 = card({ character: "velvetnight6", points: 900 });
    const order = groupOwnCards([legendary, far, near, spare1, spare2], 36).map((g) => g.card.character);
    expect(order).toEqual(["velvetnight6", "velvetnight4", "velvetnight5", "velvetnight9"]);
  });
});

describe("tradeBalance", () => {
  it("calls a trade uneven only past three times the points received", () => {
    expect(tradeBalance(2500, 36)).toMatchObject({ uneven: true });
    expect(tradeBalance(2500, 36).ratio).toBeCloseTo(69.44, 1);
    expect(tradeBalance(108, 36).uneven).toBe(false);
    expect(tradeBalance(109, 36).uneven).toBe(true);
    expect(tradeBalance(36, 2500).uneven).toBe(false);
  });
});
