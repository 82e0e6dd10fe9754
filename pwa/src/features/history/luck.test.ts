import { describe, expect, it } from "vitest";
import { TIERS } from "../../../../api/src/game/sets";
import { displayedOdds } from "../../../../api/src/game/rarity";
import { formatExpected, luckByTier, verdictOf } from "./luck";

const cards = (counts: Partial<Record<(typeof TIERS)[number], number>>) => Object.fromEntries(TIERS.map((t) => [t, counts[t] ?? 0])) as Record<(typeof TIERS)[number], number>;

describe("luck chart figures", () => {
  it("expects cards x the displayed odds, summed over sets", () => {
    const luck = luckByTier({ sets: [{ set: 1, packs: 100, pityPacks: 0, cards: cards({ Common: 200, Legendary: 3 }) }, { set: 2, packs: 50, pityPacks: 0, cards: cards({ Common: 150 }) }], pity: [] });
    const common = luck.find((t) => t.tier === "Common")!;
    expect(common.actual).toBe(350);
    expect(common.expected).toBeCloseTo(300 * (displayedOdds(1).Common / 100) + 150 * (displayedOdds(2).Common / 100), 6);
    expect(common.low).toBeLessThan(common.expected);
    expect(common.high).toBeGreaterThan(common.expected);
    expect(luck.map((t) => t.tier)).toEqual([...TIERS]);
  });

  it("says above, below or within the expected range", () => {
    const [t] = luckByTier({ sets: [{ set: 1, packs: 1000, pityPacks: 0, cards: cards({}) }], pity: [] }).filter((x) => x.expected > 100);
    expect(verdictOf({ ...t!, actual: Math.round(t!.expected) })).toBe("within");
    expect(verdictOf({ ...t!, actual: Math.ceil(t!.high) + 1 })).toBe("above");
    expect(verdictOf({ ...t!, actual: 0 })).toBe("below");
  });

  it("expects nothing before any pack", () => {
    for (const t of luckByTier({ sets: [], pity: [] })) expect(t).toMatchObject({ actual: 0, expected: 0, low: 0, high: 0 });
  });
});

describe("formatExpected", () => {
  it("never shows a count the odds allow as 0", () => {
    expect(formatExpected(0.0195)).toBe("0.02"); // one pack's chance of a Mythic-tier card
    expect(formatExpected(0.004)).toBe("<0.01");
    expect(formatExpected(0)).toBe("0");
    expect(formatExpected(0.25)).toBe("0.3");
    expect(formatExpected(3)).toBe("3");
    expect(formatExpected(1234.4)).toBe("1,234");
  });
});
