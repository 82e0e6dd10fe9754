// Issue 48, trade finder: the rules that need no database. Pure.
import { BACKGROUNDS, finishOf, hasBackground, isValidSetId, setById, type Card } from "./sets.ts";

/** At most this many wanted cards per player. */
export const WISHLIST_MAX = 200;
/** Copies of a card kept out of trading unless the player says otherwise. */
export const DEFAULT_KEEP = 1;
export const MAX_KEEP = 9999;
/** Card pairs shown per match. */
export const PAIRS_PER_MATCH = 5;
/**
 * Matches rank a bounded set of candidates (issue 48, item 6: p99 <= 50 ms at 100,000 players):
 * players who want a card I can spare (below), and, for the rows of the page they leave empty,
 * players with a spare of a card I want (newest accounts first): about
 * ONE_SIDED_CANDIDATES_PER_ROW for each such row up to the page's end, at most
 * ONE_SIDED_CANDIDATES, shared out over the wanted cards but never fewer than one a card. A common
 * card has a spare at a thousand players or more; ranking them all for 200 wanted cards took
 * seconds, and ranking 600 of them to fill the last 4 rows of a page cost 8 times a page that
 * the mutual side fills (bench/NOTES.md, 2026-11-30 evening).
 */
export const ONE_SIDED_CANDIDATES = 1000;
export const ONE_SIDED_CANDIDATES_PER_ROW = 50;
/** Rows left to the one-sided side past which its budget no longer grows. */
export const ONE_SIDED_ROWS_CAP = ONE_SIDED_CANDIDATES / ONE_SIDED_CANDIDATES_PER_ROW;

/** Spare holders looked at per wanted card, for a wishlist of `wanted` cards and `rows` rows of the page left to fill. */
export function holdersPerWantedCard(wanted: number, rows: number): number {
  const candidates = Math.min(ONE_SIDED_CANDIDATES, ONE_SIDED_CANDIDATES_PER_ROW * Math.max(0, rows));
  return Math.max(1, Math.floor(candidates / Math.max(1, wanted)));
}
/**
 * The mutual side (players who want a card I can spare) is what players want most: about
 * MUTUAL_CANDIDATES_PER_ROW players for every match up to the page's end are ranked, shared out
 * over my spare cards, never fewer than MIN_MUTUAL_PER_CARD a card. A fixed number per card made a
 * player sparing 50 cards rank 600 players for a page of 20.
 */
export const MUTUAL_CANDIDATES_PER_ROW = 3;
export const MIN_MUTUAL_CANDIDATES = 60;
export const MIN_MUTUAL_PER_CARD = 2;

/** The mutual side's budget for a page ending at match `shownUpTo` (offset + limit). */
export function mutualCandidateBudget(shownUpTo: number): number {
  return Math.max(MIN_MUTUAL_CANDIDATES, MUTUAL_CANDIDATES_PER_ROW * shownUpTo);
}

/** A card the game can produce: a known set and character, one finish, a background where the set gives one. */
export function isCatalogueCard(card: Card): boolean {
  if (!isValidSetId(card.set)) return false;
  const set = setById(card.set);
  if (!set.characters.includes(card.character)) return false;
  if (Number(card.isHolo) + Number(card.isGlitch) + Number(card.isDarkHolo) > 1) return false;
  if (!hasBackground(set, finishOf(card))) return card.background === "";
  return BACKGROUNDS.some((b) => b.id === card.background);
}

/**
 * Spare copies of one card: those beyond the kept count, none when it is not for trade. A copy in
 * an open offer is never spare: it is promised already, so it comes off the spares (the player
 * still keeps their kept count if the offer is accepted).
 */
export function spareCount(copies: number, keep: number, notForTrade: boolean, inOpenOffers: number): number {
  if (notForTrade) return 0;
  return Math.max(0, copies - keep - inOpenOffers);
}
