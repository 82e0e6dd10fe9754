import { describe, expect, it } from "vitest";
import { holdersPerWantedCard, MIN_MUTUAL_CANDIDATES, mutualCandidateBudget, ONE_SIDED_CANDIDATES, ONE_SIDED_CANDIDATES_PER_ROW, ONE_SIDED_ROWS_CAP, spareCount } from "./tradeFinder.ts";

describe("trade finder rules", () => {
  it("spares are the copies beyond the kept count, none when not for trade, less the copies in open offers", () => {
    expect(spareCount(4, 1, false, 0)).toBe(3);
    expect(spareCount(4, 2, false, 1)).toBe(1);
    expect(spareCount(4, 1, true, 0)).toBe(0);
    expect(spareCount(1, 1, false, 0)).toBe(0);
    expect(spareCount(2, 0, false, 3)).toBe(0);
  });

  it("look at one-sided candidates for the rows the mutual side leaves, shared out over the wanted cards, at least one a card", () => {
    // A page of 20 the mutual side leaves empty: the whole budget.
    expect(holdersPerWantedCard(1, 20)).toBe(ONE_SIDED_CANDIDATES);
    expect(holdersPerWantedCard(0, 20)).toBe(ONE_SIDED_CANDIDATES);
    expect(holdersPerWantedCard(10, 20)).toBe(ONE_SIDED_CANDIDATES / 10);
    expect(holdersPerWantedCard(200, 20)).toBe(5);
    expect(holdersPerWantedCard(199, 20) * 199).toBeLessThanOrEqual(ONE_SIDED_CANDIDATES);
    // Four rows left: a fifth of it; past the cap no more.
    expect(holdersPerWantedCard(10, 4)).toBe((4 * ONE_SIDED_CANDIDATES_PER_ROW) / 10);
    expect(holdersPerWantedCard(200, 4)).toBe(1);
    expect(holdersPerWantedCard(1, ONE_SIDED_ROWS_CAP + 30)).toBe(ONE_SIDED_CANDIDATES);
    expect(holdersPerWantedCard(200, 0)).toBe(1);
  });

  it("rank three players who want my spares for every match up to the page's end, never fewer than the minimum", () => {
    expect(mutualCandidateBudget(20)).toBe(MIN_MUTUAL_CANDIDATES);
    expect(mutualCandidateBudget(40)).toBe(120);
    expect(mutualCandidateBudget(100)).toBeGreaterThan(mutualCandidateBudget(40));
  });
});
