import { afterEach, describe, expect, it, vi } from "vitest";
// A copy of /work/shared/fixtures/catalogue.json, so a clone of the project tests on its own.
import fixture from "./fixtures/catalogue.json";
import { backgroundMultiplier, catalogue, displayedOdds, points, rarityValue, tierOf } from "./rarity.ts";
import { BACKGROUNDS, SETS, TIERS, type CardLike, type Finish, type Tier } from "./sets.ts";

const card = (set: number, character: string, finish: Finish = "regular", background = ""): CardLike => ({
  character,
  set,
  background,
  isHolo: finish === "holo",
  isGlitch: finish === "glitch",
  isDarkHolo: finish === "darkHolo",
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("catalogue against fixtures/catalogue.json", () => {
  it("covers all seven sets", () => {
    expect(fixture.sets.map((s) => s.set)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  describe.each(fixture.sets)("set $set ($name)", (expected) => {
    it("lists every entry with the fixture's rarity values and tiers", () => {
      expect(catalogue(expected.set)).toEqual(expected.entries);
      expect(catalogue(expected.set)).toHaveLength(expected.catalogueSize);
    });

    it("agrees card by card: rarityValue and tierOf for all four finishes", () => {
      for (const entry of expected.entries) {
        const tier = entry.tier as Tier;
        if (entry.finish === "regular") {
          expect(rarityValue(card(expected.set, entry.character))).toBe(entry.rarityValue);
          expect(tierOf(card(expected.set, entry.character))).toBe(tier);
          continue;
        }
        expect(rarityValue(card(expected.set, entry.character, "holo"))).toBe(entry.rarityValue);
        expect(rarityValue(card(expected.set, entry.character, "glitch"))).toBe(entry.glitchRarityValue);
        expect(rarityValue(card(expected.set, entry.character, "darkHolo"))).toBe(entry.darkHoloRarityValue);
        // Glitch and dark holo take the tier of the character's holo entry.
        for (const finish of ["holo", "glitch", "darkHolo"] as const) {
          expect(tierOf(card(expected.set, entry.character, finish))).toBe(tier);
        }
      }
    });

    it("uses the set's multiplier", () => {
      expect(SETS[expected.set - 1]!.rarityMultiplier).toBe(expected.multiplier);
    });
  });

  it("fills each tier with exactly the set's cut-off count", () => {
    for (const set of SETS) {
      const perTier = Object.fromEntries(TIERS.map((t) => [t, 0])) as Record<Tier, number>;
      for (const entry of catalogue(set.id)) perTier[entry.tier]++;
      const { Common, ...rarer } = perTier;
      expect(rarer).toEqual(set.tierCounts);
      expect(Common).toBe(2 * set.characters.length - Object.values(set.tierCounts).reduce((a, b) => a + b));
    }
  });

  it("treats any other set number as set 7, like packs do", () => {
    expect(catalogue(99)).toEqual(catalogue(7));
  });
});

describe("rarityValue: exact halves", () => {
  // RULES.md: 1 / (fraction x 0.1) is exactly n.5 for these three, and must round up. JavaScript's
  // Math.round on the float happens to agree; half-to-even (Python's round, Postgres
  // round(double precision)) would give 62 and 312 instead, hence the integer arithmetic.
  it.each([
    [5, "bedroomfun2", 1600, 126],
    [5, "bedroomfun9", 320, 626],
    [6, "poolmaiden3", 1600, 126],
  ])("set %i %s holo: an exact half, rounded up", (set, character, weight, expected) => {
    const num = 10000 * 10000; // weight total x finish scale, both sets sum to 100%
    const den = weight * 1000; // holo chance 0.1
    expect((2 * num) % den).toBe(0);
    expect(num % den).not.toBe(0);
    expect(rarityValue(card(set, character, "holo"))).toBe(expected);
    expect(expected / SETS[set - 1]!.rarityMultiplier).toBe(Math.ceil(num / den));
  });
});

describe("displayedOdds", () => {
  it.each(fixture.sets)("set $set equals the fixture's displayedOddsPercent", (expected) => {
    expect(displayedOdds(expected.set)).toEqual(expected.displayedOddsPercent);
  });

  // SPEC.md section 9, Common/Uncommon/Rare/Epic/Legendary/Mythic; RULES.md: exact for these five.
  it.each([
    [1, [83.25, 9.25, 4.8, 2.0, 0.65, 0.05]],
    [3, [82.71, 12.78, 3.07, 1.2, 0.23, 0.01]],
    [4, [82.8, 9.2, 7.02, 0.78, 0.18, 0.02]],
    [5, [75.51, 17.77, 4.52, 1.62, 0.57, 0.01]],
    [6, [83.205, 9.545, 4.76, 2.1, 0.375, 0.015]],
  ])("set %i reproduces SPEC's displayed rates exactly", (set, rates) => {
    expect(TIERS.map((t) => displayedOdds(set)[t])).toEqual(rates);
  });

  // RULES.md: for sets 2 and 7 SPEC's figures contradict its weights; these are the computed ones.
  it("shows RULES.md's computed figures for set 2 and set 7", () => {
    expect(TIERS.map((t) => displayedOdds(2, 2)[t])).toEqual([73.8, 17.56, 5.48, 2.66, 0.46, 0.04]);
    expect(TIERS.map((t) => displayedOdds(7, 3)[t])).toEqual([82.301, 13.822, 2.706, 0.99, 0.145, 0.035]);
  });

  it("adds up to 100% (exactly in sets 1-6, whose weights sum to 100)", () => {
    for (const set of SETS) {
      const total = TIERS.reduce((sum, t) => sum + displayedOdds(set.id, 10)[t], 0);
      expect(total).toBeCloseTo(100, 8);
      if (set.id <= 6) expect(TIERS.reduce((sum, t) => sum + displayedOdds(set.id, 3)[t] * 1000, 0)).toBe(100_000);
    }
  });

  it("rounds half up rather than to even", () => {
    // Set 6 Mythic is exactly 0.015%: one decimal more than 2 asks for, so it must go up.
    expect(displayedOdds(6, 2).Mythic).toBe(0.02);
    expect(displayedOdds(6, 2).Legendary).toBe(0.38); // 0.375
  });
});

describe("backgroundMultiplier and points", () => {
  it("multiplies by each background's factor; no background is x1", () => {
    const byId = Object.fromEntries(BACKGROUNDS.map((b) => [b.id, backgroundMultiplier(b.id)]));
    expect(byId).toEqual({
      cyber: 1,
      grey: 1,
      green: 1,
      blue: 1,
      red: 1,
      chromatic: 1,
      neonblocks: 1.5,
      space: 2,
      rainbowgalaxy: 3,
      darkvoid: 5,
    });
    expect(backgroundMultiplier("")).toBe(1);
    expect(backgroundMultiplier(null)).toBe(1);
    expect(backgroundMultiplier(undefined)).toBe(1);
  });

  it("warns about an unknown background and counts it as none", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(backgroundMultiplier("Dark Void")).toBe(1);
    expect(warn).toHaveBeenCalledOnce();
  });

  it("is rarity value x multiplier, halves rounded up", () => {
    expect(points(card(1, "velvetnight6", "darkHolo", "darkvoid"))).toBe(20000 * 5);
    expect(points(card(1, "velvetnight1", "regular"))).toBe(7);
    expect(points(card(1, "velvetnight1", "glitch", "space"))).toBe(133 * 2);
    expect(points(card(1, "velvetnight1", "glitch", "neonblocks"))).toBe(200); // 199.5
    expect(points(card(4, "cowgirl5", "holo", "rainbowgalaxy"))).toBe(rarityValue(card(4, "cowgirl5", "holo")) * 3);
    expect(points(card(7, "sharkbite5", "darkHolo", "cyber"))).toBe(rarityValue(card(7, "sharkbite5", "darkHolo")));
  });

  it("gives every card of every set and background a whole, positive number of points", () => {
    for (const set of SETS) {
      for (const character of set.characters) {
        for (const finish of ["regular", "holo", "glitch", "darkHolo"] as const) {
          for (const bg of ["", ...BACKGROUNDS.map((b) => b.id)]) {
            const p = points(card(set.id, character, finish, bg));
            expect(Number.isInteger(p) && p > 0).toBe(true);
          }
        }
      }
    }
  });

  it("ranks finishes within a character: dark holo > glitch > holo > regular", () => {
    for (const set of SETS) {
      for (const character of set.characters) {
        const [r, h, g, d] = (["regular", "holo", "glitch", "darkHolo"] as const).map((f) =>
          rarityValue(card(set.id, character, f)),
        );
        expect(r! < h! && h! < g! && g! < d!).toBe(true);
      }
    }
  });
});

describe("unknown cards", () => {
  it.each([
    ["set 0", card(0, "velvetnight1")],
    ["set 8", card(8, "sharkbite1")],
    ["set 1.5", card(1.5, "velvetnight1")],
    ["NaN set", card(Number.NaN, "velvetnight1")],
    ["a character of another set", card(1, "bathhouse1", "holo")],
    ["an unknown character", card(7, "sharkbite6", "darkHolo", "darkvoid")],
    ["an empty character", card(3, "")],
  ])("%s: rarity value 0, points 0, tier Common, with a warning", (_label, unknown) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(rarityValue(unknown)).toBe(0);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/unknown card/);
    expect(points(unknown)).toBe(0);
    expect(tierOf(unknown)).toBe("Common");
    expect(warn).toHaveBeenCalledTimes(3);
  });

  it("does not warn for known cards", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    points(card(2, "bathhouse10", "glitch", "space"));
    tierOf(card(2, "bathhouse10", "glitch", "space"));
    expect(warn).not.toHaveBeenCalled();
  });

  it("accepts a card without isDarkHolo (older payloads)", () => {
    expect(rarityValue({ character: "velvetnight6", set: 1, isHolo: true, isGlitch: false })).toBe(2000);
  });
});
