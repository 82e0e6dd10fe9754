import { describe, expect, it } from "vitest";
import { openPack, pullCard, rollBackground, rollFinish, type RandomSource } from "./pull.ts";
import { cryptoRandom } from "./random.ts";
import { BACKGROUNDS, SETS, finishOf, type Card } from "./sets.ts";
import { seededRandom } from "./seededRandom.ts";

/** Replays given rolls and records the ranges asked for, to pin down each roll's meaning. */
function scripted(rolls: number[]): RandomSource & { maxes: number[] } {
  const maxes: number[] = [];
  return {
    maxes,
    int(max) {
      maxes.push(max);
      const roll = rolls.shift();
      if (roll === undefined) throw new Error("scripted source ran out of rolls");
      if (roll < 0 || roll >= max) throw new Error(`roll ${roll} outside [0, ${max})`);
      return roll;
    },
  };
}

const BACKGROUND_IDS = new Set(BACKGROUNDS.map((b) => b.id));

describe("pullCard with scripted rolls", () => {
  it("rolls the character over the set's integer weight total, then the finish over 10000", () => {
    const rng = scripted([0, 9999]);
    expect(pullCard(3, rng)).toEqual({
      character: "winterlust1",
      background: "",
      set: 3,
      isHolo: false,
      isGlitch: false,
      isDarkHolo: false,
    });
    expect(rng.maxes).toEqual([10000, 10000]);
  });

  it("normalises set 7 by its 99.95 total", () => {
    const rng = scripted([9994, 9999, 0]);
    expect(pullCard(7, rng).character).toBe("sharkbite5");
    expect(rng.maxes).toEqual([9995, 10000, 100]);
  });

  it("maps character rolls to the weight intervals, edges included", () => {
    // Set 1 weights 1500, 3000, 4750, 500, 200, 50 -> cumulative 1500, 4500, 9250, 9750, 9950, 10000.
    const at = (roll: number) => pullCard(1, scripted([roll, 9999])).character;
    expect([0, 1499, 1500, 4499, 4500, 9249, 9250, 9749, 9750, 9949, 9950, 9999].map(at)).toEqual([
      "velvetnight1",
      "velvetnight1",
      "velvetnight2",
      "velvetnight2",
      "velvetnight3",
      "velvetnight3",
      "velvetnight4",
      "velvetnight4",
      "velvetnight5",
      "velvetnight5",
      "velvetnight6",
      "velvetnight6",
    ]);
  });

  it("splits the finish roll: dark holo [0,100), glitch [100,600), holo [600,1000), regular after", () => {
    const at = (roll: number) => rollFinish(scripted([roll]));
    expect([0, 99, 100, 599, 600, 999, 1000, 9999].map(at)).toEqual([
      "darkHolo",
      "darkHolo",
      "glitch",
      "glitch",
      "holo",
      "holo",
      "regular",
      "regular",
    ]);
  });

  it("maps background rolls over 100 to RULES.md's weights", () => {
    const at = (roll: number) => rollBackground(scripted([roll]));
    expect([0, 19, 20, 29, 60, 69, 70, 84, 85, 93, 94, 98, 99].map(at)).toEqual([
      "cyber",
      "cyber",
      "grey",
      "grey",
      "chromatic",
      "chromatic",
      "neonblocks",
      "neonblocks",
      "space",
      "space",
      "rainbowgalaxy",
      "rainbowgalaxy",
      "darkvoid",
    ]);
  });

  it("rolls a background only where the set calls for one", () => {
    const rollsFor = (set: number, finishRoll: number) => {
      const rng = scripted([0, finishRoll, 99]);
      const card = pullCard(set, rng);
      return [rng.maxes.length, card.background];
    };
    expect(rollsFor(1, 9999)).toEqual([2, ""]); // regular in set 1: none
    expect(rollsFor(1, 0)).toEqual([2, ""]); // dark holo in set 1: none
    expect(rollsFor(1, 100)).toEqual([3, "darkvoid"]); // glitch in set 1
    expect(rollsFor(2, 100)).toEqual([3, "darkvoid"]); // glitch in set 2
    expect(rollsFor(3, 100)).toEqual([2, ""]); // never in set 3
    for (const set of [4, 5, 6, 7]) expect(rollsFor(set, 9999)).toEqual([3, "darkvoid"]);
  });

  it("sets exactly the flag of the rolled finish", () => {
    expect(pullCard(4, scripted([0, 50, 0]))).toMatchObject({ isHolo: false, isGlitch: false, isDarkHolo: true });
    expect(pullCard(4, scripted([0, 150, 0]))).toMatchObject({ isHolo: false, isGlitch: true, isDarkHolo: false });
    expect(pullCard(4, scripted([0, 650, 0]))).toMatchObject({ isHolo: true, isGlitch: false, isDarkHolo: false });
  });

  it("pulls from set 7 for any other set number", () => {
    for (const id of [0, 8, -3, 2.5]) {
      const card = pullCard(id, scripted([0, 9999, 0]));
      expect(card).toMatchObject({ set: 7, character: "sharkbite1", background: "cyber" });
    }
  });
});

describe("openPack", () => {
  it("gives 3 cards of the set, each an independent pull", () => {
    const pack = openPack(5, seededRandom(7));
    expect(pack).toHaveLength(3);
    for (const card of pack) expect(card.set).toBe(5);
    const again = seededRandom(7);
    expect(pack).toEqual([pullCard(5, again), pullCard(5, again), pullCard(5, again)]);
  });

  it("is deterministic for a seed and differs across seeds", () => {
    expect(openPack(2, seededRandom(42))).toEqual(openPack(2, seededRandom(42)));
    const packs = Array.from({ length: 20 }, (_, seed) => JSON.stringify(openPack(5, seededRandom(seed))));
    expect(new Set(packs).size).toBeGreaterThan(15);
  });

  it("works with the server's crypto source", () => {
    for (const set of SETS) {
      for (const card of openPack(set.id, cryptoRandom)) expect(set.characters).toContain(card.character);
    }
  });
});

describe("invariants over many pulls", () => {
  const PULLS_PER_SET = 60_000;
  const pulled = new Map<number, Card[]>(
    SETS.map((set) => {
      const rng = seededRandom(1000 + set.id);
      return [set.id, Array.from({ length: PULLS_PER_SET }, () => pullCard(set.id, rng))];
    }),
  );

  // Violations are collected and compared once: an expect() per card would take seconds.
  it.each(SETS.map((s) => s.id))("set %i: a known character, at most one finish, a known background", (id) => {
    const set = SETS[id - 1]!;
    const bad = pulled.get(id)!.filter(
      (card) =>
        card.set !== id ||
        !set.characters.includes(card.character) ||
        Number(card.isHolo) + Number(card.isGlitch) + Number(card.isDarkHolo) > 1 ||
        !(card.background === "" || BACKGROUND_IDS.has(card.background)),
    );
    expect(bad).toEqual([]);
  });

  it("never gives a set-3 card a background", () => {
    expect(pulled.get(3)!.filter((c) => c.background !== "")).toEqual([]);
  });

  it("gives backgrounds in sets 1-2 to glitch cards and only to them", () => {
    for (const id of [1, 2]) {
      const cards = pulled.get(id)!;
      expect(cards.some((c) => c.isGlitch)).toBe(true);
      expect(cards.filter((c) => (c.background !== "") !== c.isGlitch)).toEqual([]);
    }
  });

  it("gives every card of sets 4-7 a background", () => {
    for (const id of [4, 5, 6, 7]) expect(pulled.get(id)!.every((c) => BACKGROUND_IDS.has(c.background))).toBe(true);
  });

  it("produces every character and every finish of every set", () => {
    for (const set of SETS) {
      const cards = pulled.get(set.id)!;
      // The rarest character is 0.1% of pulls: ~60 expected per 60000, never absent in practice.
      expect(new Set(cards.map((c) => c.character)).size).toBe(set.characters.length);
      expect(new Set(cards.map(finishOf)).size).toBe(4);
    }
  });
});
