// The luck chart's figures (issue 15): the player's cards per tier against what the displayed odds
// expect for the same packs. Expected = sum over sets of cards x the set's chance of the tier; the
// range is the expected count +- 2 standard deviations of the binomial (about 95% of players land
// inside). Pity makes Legendary and Mythic a little likelier than the odds per card say, so a
// player at the top of those ranges is what the guarantee looks like, not a fault.

import type { PullSummaryDto } from "@contract/fairness";
import { displayedOdds } from "../../../../api/src/game/rarity";
import { CARDS_PER_PACK, TIERS, type Tier } from "../../../../api/src/game/sets";
import { formatNumber } from "../../lib/format";

export interface TierLuck {
  tier: Tier;
  actual: number;
  expected: number;
  low: number;
  high: number;
}

export function luckByTier(summary: PullSummaryDto): TierLuck[] {
  return TIERS.map((tier) => {
    let actual = 0;
    let expected = 0;
    let variance = 0;
    for (const s of summary.sets) {
      const p = displayedOdds(s.set)[tier] / 100;
      const n = s.packs * CARDS_PER_PACK;
      actual += s.cards[tier] ?? 0;
      expected += n * p;
      variance += n * p * (1 - p);
    }
    const spread = 2 * Math.sqrt(variance);
    return { tier, actual, expected, low: Math.max(0, expected - spread), high: expected + spread };
  });
}

/** How a tier's count reads against its range. */
export function verdictOf(t: TierLuck): "above" | "below" | "within" {
  if (t.actual > t.high) return "above";
  if (t.actual < t.low) return "below";
  return "within";
}

export const totalPacks = (summary: PullSummaryDto) => summary.sets.reduce((sum, s) => sum + s.packs, 0);

/**
 * An expected count: whole numbers from 10, one decimal below, two under 0.1 (a pack's chance of a
 * Mythic read "0 expected", and a Legendary pulled "1 / 0 expected", as if the odds said it could
 * not happen).
 */
export function formatExpected(n: number): string {
  if (n >= 10) return formatNumber(Math.round(n));
  if (n >= 0.1 || n === 0) return n.toFixed(1).replace(/\.0$/, "");
  return n >= 0.01 ? n.toFixed(2) : "<0.01";
}
