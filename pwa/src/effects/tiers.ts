// Display identity of the six tiers for the effects and for the DOM grids elsewhere. Colours
// match tokens.css (--rarity-*); the letter is the non-colour cue that always goes with them.

import { FINISH_LABELS, TIERS, type Finish, type Tier } from "../../../api/src/game/sets.ts";

const TIER_COLORS: Readonly<Record<Tier, string>> = {
  Common: "#a3a9b8",
  Uncommon: "#34d399",
  Rare: "#38bdf8",
  Epic: "#a78bfa",
  Legendary: "#f5c451",
  Mythic: "#f472b6",
};

const TIER_LETTERS: Readonly<Record<Tier, string>> = {
  Common: "C",
  Uncommon: "U",
  Rare: "R",
  Epic: "E",
  Legendary: "L",
  Mythic: "M",
};

/** The tier's colour as CSS hex ("#f5c451"). */
export function tierColor(tier: Tier): string {
  return TIER_COLORS[tier];
}

/** The same colour as a number (0xf5c451) for PixiJS tints. */
export function tierColorNumber(tier: Tier): number {
  return Number.parseInt(TIER_COLORS[tier].slice(1), 16);
}

/** One letter per tier: C, U, R, E, L, M. */
export function tierLetter(tier: Tier): string {
  return TIER_LETTERS[tier];
}

/** 0 for Common up to 5 for Mythic. */
export function tierRank(tier: Tier): number {
  return TIERS.indexOf(tier);
}

/** The highest tier among the cards (Common for none): the one whose sound plays after a reveal. */
export function highestTier(tiers: Iterable<Tier>): Tier {
  let best: Tier = "Common";
  for (const tier of tiers) if (tierRank(tier) > tierRank(best)) best = tier;
  return best;
}

/** Holo, glitch and dark holo all use the holo portrait and count as shiny. */
export function isShiny(finish: Finish): boolean {
  return finish !== "regular";
}

export function finishLabel(finish: Finish): string {
  return FINISH_LABELS[finish];
}
