// Issue 48, trade finder, as the screens see it: card identities and their API paths, what is
// wished and spare, keep values, the matches' offers. No I/O.

import type { CardIdentityDto } from "@contract/cards";
import type { MatchPairDto, SpareDto, WishDto } from "@contract/tradeFinder";
import { BACKGROUNDS, hasBackground, setById, type Finish } from "../../../../api/src/game/sets";
import { MAX_KEEP } from "../../../../api/src/game/tradeFinder";
import { mirrorKey } from "../../offline/finderMirror";

/** A kind of card as the collection and the reveal hold it (finish instead of three flags). */
export interface CardKind {
  set: number;
  character: string;
  background: string;
  finish: Finish;
}

export function identityOfKind(kind: CardKind): CardIdentityDto {
  return {
    character: kind.character,
    background: kind.background,
    set: kind.set,
    isHolo: kind.finish === "holo",
    isGlitch: kind.finish === "glitch",
    isDarkHolo: kind.finish === "darkHolo",
  };
}

/** One key per card identity (the device's copy uses the same). */
export const finderKey = (card: CardIdentityDto): string => mirrorKey(card);

/** The identity part of /api/trade/wishlist/... and /api/trade/keep/...: `_empty_` stands for no background. */
export function identityPath(card: CardIdentityDto): string {
  const parts = [card.character, card.background || "_empty_", String(card.set), String(card.isHolo), String(card.isGlitch), String(card.isDarkHolo)];
  return parts.map(encodeURIComponent).join("/");
}

/**
 * A missing binder entry of a set whose cards always carry a background (sets 4-7) names no
 * background, but a wish is for one exact card: the player picks the background first.
 */
export function needsBackgroundChoice(kind: CardKind): boolean {
  return kind.background === "" && hasBackground(setById(kind.set), kind.finish);
}

/** The backgrounds a wish can name, commonest first (the default is the easiest to find). */
export function backgroundChoices(): { value: string; label: string }[] {
  return BACKGROUNDS.map((b) => ({ value: b.id, label: b.name }));
}

export function wishedKeys(entries: readonly WishDto[] | undefined): Set<string> {
  return new Set((entries ?? []).map((e) => finderKey(e.card)));
}

/** Card kinds with a copy in one of the player's open offers: "In an offer". */
export function inOfferKeys(spares: readonly SpareDto[] | undefined): Set<string> {
  return new Set((spares ?? []).filter((s) => s.inOpenOffers.length > 0).map((s) => finderKey(s.card)));
}

export function spareOf(spares: readonly SpareDto[] | undefined, card: CardIdentityDto): SpareDto | undefined {
  const key = finderKey(card);
  return spares?.find((s) => finderKey(s.card) === key);
}

/** A kept count typed by the player: a whole number from 0 to 9999, or null when it is not one. */
export function parseKeep(text: string): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const n = Number(text);
  return n <= MAX_KEEP ? n : null;
}

/**
 * Spare copies after a keep change, as the server will count them (game/tradeFinder.ts
 * spareCount): shown at once, before the server's answer.
 */
export function sparesAfter(spare: Pick<SpareDto, "copies" | "inOpenOffers">, keep: number, notForTrade: boolean): number {
  if (notForTrade) return 0;
  return Math.max(0, spare.copies - keep - spare.inOpenOffers.length);
}

/** The offer a match's pair opens, as POST /api/trade/offer takes it. */
export function offerOfPair(toUserId: number, pair: MatchPairDto): { toUserId: number; offeredCardId: number; requestedCardId: number } {
  return { toUserId, offeredCardId: pair.mine.cardId, requestedCardId: pair.theirs.cardId };
}

/** A wishlist after adding an entry (newest first, no duplicate) or removing a card. */
export function withWish(entries: readonly WishDto[], entry: WishDto): WishDto[] {
  const key = finderKey(entry.card);
  return [entry, ...entries.filter((e) => finderKey(e.card) !== key)];
}

export function withoutWish(entries: readonly WishDto[], card: CardIdentityDto): WishDto[] {
  const key = finderKey(card);
  return entries.filter((e) => finderKey(e.card) !== key);
}

/** A server list as a screen shows it, or the device's copy when the server's answer is missing (offline, failed). */
export interface MirroredList<T> {
  data: T | undefined;
  /** First load under way, online. */
  loading: boolean;
  /** The server failed and the device has no copy either. */
  error: Error | null;
  /** Showing the device's copy: the network is gone or the server failed. */
  fromDevice: boolean;
  /** Offline and nothing saved on this device. */
  missing: boolean;
}

/**
 * `saved`: the device's copy, undefined while it is read (or not read at all), null when there is
 * none. The server's answer wins whenever there is one.
 */
export function mirroredList<T>(query: { data: T | undefined; isPending: boolean; isError: boolean; error: Error | null }, online: boolean, saved: T | null | undefined): MirroredList<T> {
  const data = query.data ?? saved ?? undefined;
  return {
    data,
    loading: online && data === undefined && query.isPending,
    error: online && data === undefined && query.isError ? query.error : null,
    fromDevice: query.data === undefined && data !== undefined,
    missing: !online && data === undefined && saved !== undefined,
  };
}
