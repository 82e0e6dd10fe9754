// How a pack is kept in the pull history (RULES.md: every pack is stored with its commitment,
// client seed and nonce): its own copy of the cards, since cards move on by trading.
import { PITY_PACKS } from "./pity.ts";
import { points, tierOf } from "./rarity.ts";
import { finishOf, TIERS, type Card, type Finish, type Tier } from "./sets.ts";

export interface PulledCardRecord {
  character: string;
  background: string;
  finish: Finish;
  tier: Tier;
  points: number;
}

export const recordOf = (card: Card): PulledCardRecord => ({
  character: card.character,
  background: card.background,
  finish: finishOf(card),
  tier: tierOf(card),
  points: points(card),
});

/** A stored record as the engine's card again (what a verifier compares). */
export const cardOfRecord = (set: number, r: PulledCardRecord): Card => ({
  character: r.character,
  background: r.background,
  set,
  isHolo: r.finish === "holo",
  isGlitch: r.finish === "glitch",
  isDarkHolo: r.finish === "darkHolo",
});

/** The tiers in a pack as a bit set (bit i = TIERS[i]), for the history's tier filter. */
export const tierMask = (cards: readonly Card[]): number => cards.reduce((mask, c) => mask | tierBit(tierOf(c)), 0);
export const tierBit = (tier: Tier): number => 1 << TIERS.indexOf(tier);

/** What a pack card shows: "Legendary or better within N packs". */
export interface PityStatus {
  set: number;
  packsSinceLegendary: number;
  guaranteedWithin: number;
}
export const pityStatus = (set: number, packsSinceLegendary: number): PityStatus => ({
  set,
  packsSinceLegendary,
  guaranteedWithin: Math.max(1, PITY_PACKS - packsSinceLegendary),
});
