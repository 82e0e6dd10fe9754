import { TIERS, type Tier } from "../../../api/src/game/sets";

// Display identity of the six rarity tiers (SPEC.md section 1), lowest to highest, as the game
// rules name them. Colour is never the only cue: each tier also has a letter and a badge shape
// (see RarityBadge.css).

export const RARITY_TIERS = TIERS;
export type RarityTier = Tier;

export const RARITY_LETTER: Record<RarityTier, string> = {
  Common: "C",
  Uncommon: "U",
  Rare: "R",
  Epic: "E",
  Legendary: "L",
  Mythic: "M",
};

/** Tier class name for CSS: "rarity-common" ... "rarity-mythic". */
export function rarityClass(tier: RarityTier): string {
  return `rarity-${tier.toLowerCase()}`;
}
