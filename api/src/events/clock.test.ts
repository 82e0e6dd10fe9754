import { describe, expect, it } from "vitest";
import { COIN_CAP, COIN_INTERVAL_MS } from "../game/coins.ts";
import { nextDue } from "./clock.ts";

const at = (iso: string) => new Date(iso);

describe("a stream's clock (issue 47)", () => {
  it("rings for the next coin, with the balance it brings", () => {
    const now = at("2026-11-25T10:10:00Z");
    const due = nextDue({ coins: { coins: 12, lastCoinGeneration: at("2026-11-25T10:00:00Z") }, nextTradeExpiry: null, expiringTradeIds: [] }, now)!;
    expect(due.at).toEqual(new Date(at("2026-11-25T10:00:00Z").getTime() + COIN_INTERVAL_MS));
    expect(due.events).toEqual([{ type: "coins", data: { coins: 13, full: false } }]);
  });

  it("says the coins are full with the coin that reaches the cap, and is quiet at the cap until the next reward period", () => {
    const now = at("2026-11-25T10:10:00Z");
    const last = nextDue({ coins: { coins: COIN_CAP - 1, lastCoinGeneration: at("2026-11-25T10:00:00Z") }, nextTradeExpiry: null, expiringTradeIds: [] }, now)!;
    expect(last.events).toEqual([{ type: "coins", data: { coins: COIN_CAP, full: true } }]);
    const full = nextDue({ coins: { coins: COIN_CAP, lastCoinGeneration: at("2026-11-25T10:00:00Z") }, nextTradeExpiry: null, expiringTradeIds: [] }, now)!;
    expect(full.at).toEqual(at("2026-11-26T00:00:00Z"));
    expect(full.events.map((e) => e.type)).toEqual(["reward", "reward", "reward"]);
  });

  it("counts coins that came while nobody looked before planning the next one", () => {
    // Two intervals passed unseen (regeneration is applied lazily): the next coin is the third.
    const now = at("2026-11-25T11:10:00Z");
    const due = nextDue({ coins: { coins: 5, lastCoinGeneration: at("2026-11-25T10:00:00Z") }, nextTradeExpiry: null, expiringTradeIds: [] }, now)!;
    expect(due.at).toEqual(at("2026-11-25T11:30:00Z"));
    expect(due.events).toEqual([{ type: "coins", data: { coins: 8, full: false } }]);
  });

  it("opens daily and weekly rewards together when the week starts (Monday 00:00 UTC)", () => {
    const sunday = at("2026-11-29T23:59:00Z");
    const due = nextDue({ coins: { coins: COIN_CAP, lastCoinGeneration: sunday }, nextTradeExpiry: null, expiringTradeIds: [] }, sunday)!;
    expect(due.at).toEqual(at("2026-11-30T00:00:00Z"));
    expect(due.events.map((e) => (e.type === "reward" ? e.data.rewardId : e.type)).sort()).toEqual(["daily-holo", "daily-login", "daily-packs", "weekly-legendary", "weekly-rare", "weekly-variety"]);
  });

  it("rings when an offer expires, for every offer expiring then", () => {
    const now = at("2026-11-25T10:00:00Z");
    const due = nextDue({ coins: { coins: COIN_CAP, lastCoinGeneration: now }, nextTradeExpiry: at("2026-11-25T12:00:00Z"), expiringTradeIds: [4, 9] }, now)!;
    expect(due.at).toEqual(at("2026-11-25T12:00:00Z"));
    expect(due.events).toEqual([
      { type: "trade", data: { kind: "expired", tradeId: 4, by: null } },
      { type: "trade", data: { kind: "expired", tradeId: 9, by: null } },
    ]);
  });
});
