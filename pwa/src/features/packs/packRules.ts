import { MSG } from "@contract/messages";
import type { PityDto, PulledCardDto } from "@contract/cards";
import type { UserDto } from "@contract/user";
import { catalogue, displayedOdds } from "../../../../api/src/game/rarity";
import { CARDS_PER_PACK, FINISH_LABELS, SETS, TIERS, type CardSet, type PackCount, type SetId, type Tier } from "../../../../api/src/game/sets";
import { sortForReveal, toRevealCard, type RevealCard } from "../../effects/revealCard";
import { fullCardName } from "../../lib/cardName";
import { formatNumber } from "../../lib/format";

// The pack screen's rules as pure functions (SPEC.md sections 2, 4, 5 and 9), tested on their own.

export type Wallet = Pick<UserDto, "coins" | "gems">;

/** What a pack costs and in which currency, read from the one set table. */
export function packPrice(set: CardSet): { amount: number; currency: "coins" | "gems" } {
  return { amount: set.packCost, currency: set.currency };
}

/** SPEC.md section 5: opening is blocked client-side when the player lacks the funds. */
export function canAfford(wallet: Wallet, set: CardSet, count: PackCount = 1): boolean {
  return (set.currency === "gems" ? wallet.gems : wallet.coins) >= set.packCost * count;
}

/** Why a pack (or ten) cannot be opened right now (the server's own wording), or null when it can. */
export function fundsProblem(wallet: Wallet, set: CardSet, count: PackCount = 1): string | null {
  if (canAfford(wallet, set, count)) return null;
  return set.currency === "gems" ? MSG.notEnoughGems : MSG.notEnoughCoins;
}

/** What is missing to pay `count` packs ('Need 20 more coins'), or null when the wallet pays them. */
export function shortfallText(wallet: Wallet, set: CardSet, count: PackCount = 1): string | null {
  const have = set.currency === "gems" ? wallet.gems : wallet.coins;
  const missing = set.packCost * count - have;
  return missing > 0 ? MSG.needMore(missing, set.currency) : null;
}

/**
 * SPEC.md section 2: 'Open Another Pack' shows whenever the player has at least 1 coin, whatever
 * the pack costs; a pack that cannot be paid answers with its own 'Not enough ...' text.
 */
export function canOpenAnother(wallet: Wallet, _set: CardSet): boolean {
  return wallet.coins >= 1;
}

/** 'Velvet Night Pack Opened!', or 'N Velvet Night Packs Opened!' for more than 3 cards. */
export function revealTitle(set: CardSet, cardCount: number): string {
  const packs = cardCount > CARDS_PER_PACK ? Math.max(1, Math.round(cardCount / CARDS_PER_PACK)) : 1;
  return MSG.packOpenedTitle(set.name, packs);
}

/** The pulled cards as the effects draw them, highest points first (SPEC.md section 4). */
export function revealCardsOf(cards: readonly PulledCardDto[]): RevealCard[] {
  return sortForReveal(cards.map((card) => toRevealCard(card, String(card.id), card.isNew)));
}

/** Catalogue entries of a set: the 'cards in set' of SPEC.md section 9 (12 for Velvet Night). */
export function catalogueSize(setId: SetId): number {
  return catalogue(setId).length;
}

export interface TierRate {
  tier: Tier;
  /** Percent, as the engine computes it; never typed in (RULES.md). */
  percent: number;
}

/** The info popup's rates, rarest last like the tier order; 3 decimals match RULES.md's figures. */
export function tierRates(setId: SetId): TierRate[] {
  const odds = displayedOdds(setId, 3);
  return TIERS.map((tier) => ({ tier, percent: odds[tier] }));
}

/** "83.25%", "0.05%", "82.301%": the engine's figure with no trailing zeros. */
export function formatRate(percent: number): string {
  return `${Number(percent.toFixed(3)).toString()}%`;
}

/** The user counter bumped locally after a pack (SPEC.md section 4), e.g. "set3PacksOpened". */
export function openedCounterKey(setId: SetId): `set${SetId}PacksOpened` {
  return `set${setId}PacksOpened`;
}

export const PACK_SETS: readonly CardSet[] = SETS;

/** RULES.md, Pity: the set's counter as the server last said (null from an older server). */
export function pityOf(user: Pick<UserDto, "pity">, setId: number): PityDto | null {
  return user.pity?.find((p) => p.set === setId) ?? null;
}

/** The user's pity list with one set's counter replaced (after a pack). */
export function withPity(list: readonly PityDto[] | undefined, next: PityDto): PityDto[] {
  const others = (list ?? []).filter((p) => p.set !== next.set);
  return [...others, next].sort((a, b) => a.set - b.set);
}

/** SPEC.md section 4: the sound after a reveal is the one of the pack's highest tier. */
export function highestTierOf(cards: readonly Pick<RevealCard, "tier">[]): Tier {
  let best: Tier = "Common";
  for (const card of cards) if (TIERS.indexOf(card.tier) > TIERS.indexOf(best)) best = card.tier;
  return best;
}

/**
 * The full-screen celebration a reveal has reached (issue 13): the highest of Legendary and Mythic
 * among the cards turned so far, or null while none of them has turned.
 */
export function celebrationOf(cards: readonly Pick<RevealCard, "tier">[], shown: number): "Legendary" | "Mythic" | null {
  const best = highestTierOf(cards.slice(0, shown));
  return best === "Mythic" || best === "Legendary" ? best : null;
}

/** Cards the collection did not hold before this pack (the 'NEW!' badge). */
export function newCardCount(cards: readonly Pick<PulledCardDto, "isNew">[]): number {
  return cards.filter((card) => card.isNew).length;
}


/** What a screen reader hears for a revealed card: 'Mirielle Sable, Velvet Night #3, Holo, Rare, 1,234 points, NEW!'. */
export function cardLabel(card: RevealCard): string {
  const parts = [fullCardName(card), card.finish === "regular" ? "" : FINISH_LABELS[card.finish], card.tier, `${formatNumber(card.points)} points`];
  if (card.isNew) parts.push("NEW!");
  return parts.filter(Boolean).join(", ");
}

/** The reveal's fair-play line: 'pack #4 of your seed', or 'packs #0-#9 of your seed' for ten. */
export function fairPacksLabel(nonces: readonly number[]): string {
  if (nonces.length <= 1) return `pack #${nonces[0] ?? 0} of your seed`;
  return `packs #${nonces[0]}-#${nonces[nonces.length - 1]} of your seed`;
}

/** The hero moment's banner (issue 44): the tier and the finish, 'MYTHIC - DARK HOLO'; 'EPIC' for a regular card. */
export function heroBanner(card: Pick<RevealCard, "tier" | "finish">): string {
  const finish = card.finish === "regular" ? "" : ` - ${FINISH_LABELS[card.finish]}`;
  return `${card.tier}${finish}`.toUpperCase();
}
