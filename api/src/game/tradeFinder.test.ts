import { describe, expect, it } from "vitest";
import { CANDIDATES_PER_CARD, holdersPerWantedCard, MIN_MUTUAL_CANDIDATES, mutualCandidateBudget, ONE_SIDED_CANDIDATES, spareCount } from "./tradeFinder.ts";

describe("trade finder rules", () => {
  it("spares are the copies beyond the kept count, none when not for trade, less the copies in open offers", () => {
    expect(spareCount(4, 1, false, 0)).toBe(3);
    expect(spareCount(4, 2, false, 1)).toBe(1);
    expect(spareCount(4, 1, true, 0)).toBe(0);
    expect(spareCount(1, 1, false, 0)).toBe(0);
    expect(spareCount(2, 0, false, 3)).toBe(0);
  });

  it("share the one-sided candidates out over the wanted cards, never fewer than the minimum a card", () => {
    expect(holdersPerWantedCard(1)).toBe(ONE_SIDED_CANDIDATES);
    expect(holdersPerWantedCard(0)).toBe(ONE_SIDED_CANDIDATES);
    expect(holdersPerWantedCard(10)).toBe(ONE_SIDED_CANDIDATES / 10);
    expect(holdersPerWantedCard(200)).toBe(CANDIDATES_PER_CARD);
    expect(holdersPerWantedCard(199) * 199).toBeLessThanOrEqual(ONE_SIDED_CANDIDATES);
  });

  it("rank three players who want my spares for every match up to the page's end, never fewer than the minimum", () => {
    expect(mutualCandidateBudget(20)).toBe(MIN_MUTUAL_CANDIDATES);
    expect(mutualCandidateBudget(40)).toBe(120);
    expect(mutualCandidateBudget(100)).toBeGreaterThan(mutualCandidateBudget(40));
  });
});
