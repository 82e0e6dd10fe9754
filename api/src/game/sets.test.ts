import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  BACKGROUNDS,
  CARDS_PER_PACK,
  FINISHES,
  FINISH_PULL_CHANCE,
  FINISH_RARITY_CHANCE,
  FINISH_SCALE,
  SETS,
  TIERS,
  backgroundById,
  finishOf,
  hasBackground,
  isValidSetId,
  setById,
  weightTotal,
} from "./sets.ts";

// SPEC.md section 9, typed as the spec prints them (percent, decimals).
const SPEC_WEIGHTS: Record<number, number[]> = {
  1: [15, 30, 47.5, 5, 2, 0.5],
  2: [28, 18, 14, 12, 10, 8, 5, 3.4, 1.2, 0.4],
  3: [27.4, 23, 18, 10, 5, 4.5, 4, 3, 2, 1.6, 0.8, 0.4, 0.2, 0.1],
  4: [46, 46, 3.9, 3.9, 0.2],
  5: [26.7, 16, 11, 7.5, 6.5, 5.5, 4, 3.5, 3.2, 3, 2.8, 2.6, 2.4, 2.2, 2, 0.8, 0.2, 0.1],
  6: [50.45, 26, 16, 5, 2.4, 0.15],
  7: [77.4, 14, 6.75, 1.45, 0.35],
};

describe("SETS", () => {
  it("holds sets 1-7 in order with their names", () => {
    expect(SETS.map((s) => [s.id, s.name])).toEqual([
      [1, "Velvet Night"],
      [2, "Bathhouse"],
      [3, "Winterlust"],
      [4, "Cowgirl"],
      [5, "Bedroom Fun"],
      [6, "Pool Maiden"],
      [7, "Sharkbite"],
    ]);
  });

  it("names the characters prefix1..prefixN, one weight each", () => {
    const expected: [string, number][] = [
      ["velvetnight", 6],
      ["bathhouse", 10],
      ["winterlust", 14],
      ["cowgirl", 5],
      ["bedroomfun", 18],
      ["poolmaiden", 6],
      ["sharkbite", 5],
    ];
    SETS.forEach((set, i) => {
      const [prefix, count] = expected[i]!;
      expect(set.characters).toEqual(Array.from({ length: count }, (_, k) => `${prefix}${k + 1}`));
      expect(set.weights).toHaveLength(count);
    });
  });

  it("stores SPEC's weights x 100 as integers", () => {
    for (const set of SETS) {
      expect(set.weights.every(Number.isInteger)).toBe(true);
      expect(set.weights).toEqual(SPEC_WEIGHTS[set.id]!.map((w) => Math.round(w * 100)));
    }
  });

  it("has weights summing to 100% in sets 1-6 and 99.95% in set 7", () => {
    expect(SETS.map(weightTotal)).toEqual([10000, 10000, 10000, 10000, 10000, 10000, 9995]);
  });

  it("has 128 catalogue entries (regular + holo per character)", () => {
    expect(SETS.map((s) => 2 * s.characters.length)).toEqual([12, 20, 28, 10, 36, 12, 10]);
    expect(SETS.reduce((n, s) => n + 2 * s.characters.length, 0)).toBe(128);
  });

  it("prices packs per SPEC section 9", () => {
    expect(SETS.map((s) => `${s.packCost} ${s.currency}`)).toEqual([
      "1 coins",
      "1 coins",
      "1 coins",
      "3 coins",
      "2 coins",
      "2 coins",
      "5 gems",
    ]);
  });

  it("multiplies rarity by 3 for set 4, 2 for sets 5 and 6, 10 for set 7", () => {
    expect(SETS.map((s) => s.rarityMultiplier)).toEqual([1, 1, 1, 3, 2, 2, 10]);
  });

  it("cuts tiers with SPEC's counts, leaving the stated rest for Common", () => {
    const counts = SETS.map((s) => {
      const { Mythic, Legendary, Epic, Rare, Uncommon } = s.tierCounts;
      const common = 2 * s.characters.length - (Mythic + Legendary + Epic + Rare + Uncommon);
      return [Mythic, Legendary, Epic, Rare, Uncommon, common];
    });
    expect(counts).toEqual([
      [1, 2, 2, 2, 2, 3],
      [1, 2, 4, 4, 4, 5],
      [1, 4, 5, 5, 6, 7],
      [1, 1, 2, 2, 2, 2],
      [1, 5, 6, 7, 8, 9],
      [1, 2, 2, 2, 2, 3],
      [1, 1, 2, 2, 2, 2],
    ]);
  });

  it("gives backgrounds to glitch cards of sets 1-2, never in set 3, to every card of sets 4-7", () => {
    for (const set of SETS) {
      const withBackground = FINISHES.filter((f) => hasBackground(set, f));
      if (set.id <= 2) expect(withBackground).toEqual(["glitch"]);
      else if (set.id === 3) expect(withBackground).toEqual([]);
      else expect(withBackground).toEqual([...FINISHES]);
    }
  });
});

describe("setById and isValidSetId", () => {
  it("finds sets 1-7", () => {
    for (let id = 1; id <= 7; id++) expect(setById(id).id).toBe(id);
  });

  it("counts any other number as set 7 (SPEC section 9)", () => {
    for (const id of [0, -1, 8, 99, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(setById(id).id).toBe(7);
    }
  });

  it("accepts only the integers 1-7 for the API", () => {
    expect([1, 2, 3, 4, 5, 6, 7].every(isValidSetId)).toBe(true);
    for (const id of [0, 8, -1, 1.5, Number.NaN, "1", null, undefined]) expect(isValidSetId(id)).toBe(false);
  });
});

describe("tiers, finishes, backgrounds", () => {
  it("lists tiers from lowest to highest", () => {
    expect(TIERS).toEqual(["Common", "Uncommon", "Rare", "Epic", "Legendary", "Mythic"]);
  });

  it("rolls finishes as dark holo 1%, glitch 5%, holo 4%, regular 90%: 10% shiny", () => {
    expect(FINISH_PULL_CHANCE).toEqual({ regular: 9000, holo: 400, glitch: 500, darkHolo: 100 });
    expect(Object.values(FINISH_PULL_CHANCE).reduce((a, b) => a + b)).toBe(FINISH_SCALE);
    expect(FINISH_SCALE - FINISH_PULL_CHANCE.regular).toBe(FINISH_SCALE / 10);
  });

  it("prices rarity with regular 0.9, holo 0.1, glitch 0.05, dark holo 0.01", () => {
    const asFraction = Object.fromEntries(FINISHES.map((f) => [f, FINISH_RARITY_CHANCE[f] / FINISH_SCALE]));
    expect(asFraction).toEqual({ regular: 0.9, holo: 0.1, glitch: 0.05, darkHolo: 0.01 });
  });

  it("reads a card's one finish, rarest flag first if a bad row had two", () => {
    const card = (isHolo: boolean, isGlitch: boolean, isDarkHolo?: boolean) => ({ isHolo, isGlitch, isDarkHolo });
    expect(finishOf(card(false, false, false))).toBe("regular");
    expect(finishOf(card(false, false))).toBe("regular");
    expect(finishOf(card(true, false))).toBe("holo");
    expect(finishOf(card(false, true))).toBe("glitch");
    expect(finishOf(card(false, false, true))).toBe("darkHolo");
    expect(finishOf(card(true, true, true))).toBe("darkHolo");
  });

  it("has the ten backgrounds with RULES.md's weights, labels and multipliers", () => {
    expect(BACKGROUNDS.map((b) => [b.name, b.weight, b.rarity, b.multiplier])).toEqual([
      ["Cyber", 20, "Common", 1],
      ["Grey", 10, "Common", 1],
      ["Green", 10, "Common", 1],
      ["Blue", 10, "Common", 1],
      ["Red", 10, "Common", 1],
      ["Chromatic", 10, "Common", 1],
      ["Neon Blocks", 15, "Uncommon", 1.5],
      ["Space", 9, "Rare", 2],
      ["Rainbow Galaxy", 5, "Epic", 3],
      ["Dark Void", 1, "Legendary", 5],
    ]);
    expect(BACKGROUNDS.reduce((sum, b) => sum + b.weight, 0)).toBe(100);
    expect(new Set(BACKGROUNDS.map((b) => b.id)).size).toBe(10);
    expect(backgroundById("darkvoid")?.name).toBe("Dark Void");
    expect(backgroundById("Dark Void")).toBeUndefined();
  });

  it("opens 3 cards per pack", () => {
    expect(CARDS_PER_PACK).toBe(3);
  });
});

describe("browser safety", () => {
  // The PWA imports these modules, so they may only import each other.
  it.each(["sets.ts", "rarity.ts", "pull.ts"])("%s imports only local game modules", (file) => {
    const source = readFileSync(new URL(file, import.meta.url), "utf8");
    const imports = [...source.matchAll(/from\s+"([^"]+)"/g)].map((m) => m[1]);
    for (const spec of imports) expect(spec).toMatch(/^\.\/[A-Za-z]+\.ts$/);
    expect(source).not.toMatch(/Math\.random/);
  });
});
