// The marketplace's rules as the screen sees them: filtering the market, grouping the player's own
// cards, offer sides, expiry countdowns and the auto-decline reading of accept errors. No I/O.

import type { CardDto, CardIdentityDto } from "@contract/cards";
import type { TradeRecordDto } from "@contract/trades";
import { BACKGROUNDS, SETS, finishOf, type Finish } from "../../../../api/src/game/sets";
import { finishLabel } from "../../effects/tiers";
import { backgroundName, cardName, cardNumber } from "../../lib/cardName";
import { compareKeys } from "../../lib/format";

export type VariantFilter = "all" | Finish;

export interface MarketFilters {
  search: string;
  set: "all" | number;
  character: "all" | string;
  background: "all" | string;
  variant: VariantFilter;
}

export const NO_FILTERS: MarketFilters = { search: "", set: "all", character: "all", background: "all", variant: "all" };

/** The `background` filter's value for cards without one. */
export const NO_BACKGROUND_FILTER = "_none_";

/** SPEC.md section 5: the search matches the character or the background, case-insensitively. */
function matchesSearch(card: CardIdentityDto, needle: string): boolean {
  if (!needle) return true;
  const haystack = [card.character, cardName(card), cardNumber(card), card.background, card.background ? backgroundName(card.background) : ""];
  return haystack.some((text) => text.toLowerCase().includes(needle));
}

export function filterMarket<T extends CardIdentityDto>(cards: readonly T[], f: MarketFilters): T[] {
  const needle = f.search.trim().toLowerCase();
  return cards.filter(
    (c) =>
      (f.set === "all" || c.set === f.set) &&
      (f.character === "all" || c.character === f.character) &&
      (f.background === "all" || (f.background === NO_BACKGROUND_FILTER ? c.background === "" : c.background === f.background)) &&
      (f.variant === "all" || finishOf(c) === f.variant) &&
      matchesSearch(c, needle),
  );
}

export interface Option {
  value: string;
  label: string;
}

/** Every character of the chosen set (or of all seven), in set order. */
export function characterOptions(set: "all" | number): Option[] {
  return SETS.filter((s) => set === "all" || s.id === set).flatMap((s) => s.characters.map((c) => ({ value: c, label: `${cardName({ character: c, set: s.id })} (${cardNumber({ character: c, set: s.id })})` })));
}

export function backgroundOptions(): Option[] {
  return [{ value: NO_BACKGROUND_FILTER, label: "No background" }, ...BACKGROUNDS.map((b) => ({ value: b.id, label: b.name }))];
}

export const VARIANT_OPTIONS: readonly { value: VariantFilter; label: string }[] = [
  { value: "all", label: "All" },
  ...(["regular", "holo", "glitch", "darkHolo"] as const).map((f) => ({ value: f, label: finishLabel(f) })),
];

/** SPEC.md section 7: the owners path, with `_empty_` standing for no background. */
export function ownersPath(card: CardIdentityDto): string {
  const parts = [card.character, card.background || "_empty_", String(card.set), String(card.isHolo), String(card.isGlitch), String(card.isDarkHolo)];
  return `/trade/cards/${parts.map(encodeURIComponent).join("/")}/owners`;
}

export function identityKey(card: CardIdentityDto): string {
  return [card.character, card.background, card.set, finishOf(card)].join("|");
}

export interface OwnCardGroup {
  key: string;
  /** The copy that goes into an offer. */
  card: CardDto;
  count: number;
}

/**
 * The player's own cards, one entry per kind, for the offer picker. Issue 13: richest-first put a
 * 2,500-point Legendary under the thumb for a 36-point ask; now duplicates come first (spares are
 * what players trade), then within each group the cards closest in points to what is asked.
 */
export function groupOwnCards(cards: readonly CardDto[], askedPoints?: number): OwnCardGroup[] {
  const groups = new Map<string, OwnCardGroup>();
  for (const card of cards) {
    const key = identityKey(card);
    const group = groups.get(key);
    if (group) {
      group.count += 1;
      // The oldest copy goes first, so an offer names the same card each time.
      if (card.id < group.card.id) group.card = card;
    } else groups.set(key, { key, card, count: 1 });
  }
  const distance = (g: OwnCardGroup) => (askedPoints === undefined ? -g.card.points : Math.abs(g.card.points - askedPoints));
  return [...groups.values()].sort((a, b) => Number(b.count > 1) - Number(a.count > 1) || distance(a) - distance(b) || compareKeys(a.key, b.key));
}

/** Above this ratio of points given to points received, a trade is called uneven and needs a second tap. */
export const UNEVEN_TRADE_RATIO = 3;

export interface TradeBalance {
  give: number;
  get: number;
  /** give / get, for the warning ("about 69 times"); Infinity when get is 0. */
  ratio: number;
  uneven: boolean;
}

/** How a trade weighs for the player who would confirm it: uneven past 3x the points they receive. */
export function tradeBalance(givePoints: number, getPoints: number): TradeBalance {
  const ratio = getPoints > 0 ? givePoints / getPoints : givePoints > 0 ? Infinity : 1;
  return { give: givePoints, get: getPoints, ratio, uneven: ratio > UNEVEN_TRADE_RATIO };
}

export interface Expiry {
  label: string;
  /** 24 hours or less left (SPEC.md section 9): shown in the warning colour. */
  warning: boolean;
  expired: boolean;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** SPEC.md section 9: days and hours, hours and minutes, or minutes; 'Expired' when over. */
export function expiryOf(expiresAt: string, now: number): Expiry {
  const left = Date.parse(expiresAt) - now;
  if (!(left > 0)) return { label: "Expired", warning: true, expired: true };
  const warning = left <= DAY;
  if (left >= DAY) return { label: `Expires in ${Math.floor(left / DAY)}d ${Math.floor((left % DAY) / HOUR)}h`, warning, expired: false };
  if (left >= HOUR) return { label: `Expires in ${Math.floor(left / HOUR)}h ${Math.floor((left % HOUR) / MINUTE)}m`, warning, expired: false };
  return { label: `Expires in ${Math.max(1, Math.ceil(left / MINUTE))}m`, warning, expired: false };
}

/** Pending offers split by side (the server sends both in one list). */
export function splitOffers(records: readonly TradeRecordDto[], myId: number) {
  return {
    sent: records.filter((r) => r.trade.fromUserId === myId && r.trade.status === "pending"),
    received: records.filter((r) => r.trade.toUserId === myId && r.trade.status === "pending"),
  };
}

/** Offers received after the Received tab was last opened: that tab's badge. */
export function unseenReceived(received: readonly TradeRecordDto[], lastViewed: string | null): number {
  if (!lastViewed) return received.length;
  const since = Date.parse(lastViewed);
  return received.filter((r) => Date.parse(r.trade.createdAt) > since).length;
}

export type HistoryBadge = "Completed" | "Declined" | "Expired" | "Cancelled" | "Unknown";

/**
 * SPEC.md section 4, trade status: accepted shows Completed; anything unexpected is Unknown.
 * Cancelled offers are in the history too (issue 14) and say so.
 */
export function historyBadge(status: string): HistoryBadge {
  switch (status) {
    case "accepted":
      return "Completed";
    case "declined":
      return "Declined";
    case "expired":
      return "Expired";
    case "cancelled":
      return "Cancelled";
    default:
      return "Unknown";
  }
}

/** A finished trade seen from the player's side. */
export function sidesOf(record: TradeRecordDto, myId: number) {
  const mine = record.trade.fromUserId === myId;
  const offered = record.offeredCards[0]!;
  return {
    gave: mine ? offered : record.requestedCard,
    got: mine ? record.requestedCard : offered,
    partner: mine ? record.toUser : record.fromUser,
  };
}

export function playerName(user: { username: string; displayName: string | null }): string {
  return user.displayName || user.username;
}

/** SPEC.md section 8: accept errors that mean the other player's card is gone. */
const GONE_WORDS = ["no longer available", "offered cards", "don't own", "doesn't belong"];

export function meansCardsGone(error: string): boolean {
  const text = error.toLowerCase();
  return GONE_WORDS.some((w) => text.includes(w));
}

export type TradeTab = "browse" | "matches" | "wishlist" | "sent" | "received" | "history";

/** Per-player 'last viewed' times of SPEC.md section 3 (local storage), one key per tab. */
export const lastViewKey = (userId: number | null, tab: "sent" | "history" | "received") => `foilbound-trade-${tab}-viewed-v1-${userId ?? "anonymous"}`;

