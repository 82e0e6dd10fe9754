import { createHash, createHmac, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { commitmentOf, fairRandom, nextPityCount, openFairPack, PITY_PACKS, pityDue } from "./fairRandom.ts";
import { openPack } from "./pull.ts";
import { tierOf } from "./rarity.ts";
import { hasBackground, SETS, type Card, type Finish } from "./sets.ts";

/**
 * RULES.md's algorithm written again from its text with node:crypto, the way a player would
 * check a pack: if the shared engine ever drifts from the rules, these differ.
 */
function independentPack(serverSeed: string, clientSeed: string, nonce: number, setId: number): Card[] {
  let k = 0;
  let words: number[] = [];
  const word = () => {
    if (!words.length) {
      const block = createHmac("sha256", Buffer.from(serverSeed, "utf8")).update(`${clientSeed}:${nonce}:${k++}`, "utf8").digest();
      words = Array.from({ length: 8 }, (_, i) => block.readUInt32BE(i * 4));
    }
    return words.shift()!;
  };
  const int = (max: number) => {
    const limit = 2 ** 32 - (2 ** 32 % max);
    let w = word();
    while (w >= limit) w = word();
    return w % max;
  };
  const pick = (weights: number[]) => {
    const roll = int(weights.reduce((a, b) => a + b, 0));
    let sum = 0;
    return weights.findIndex((w) => (sum += w) > roll);
  };
  const backgrounds: Array<[string, number]> = [["cyber", 20], ["grey", 10], ["green", 10], ["blue", 10], ["red", 10], ["chromatic", 10], ["neonblocks", 15], ["space", 9], ["rainbowgalaxy", 5], ["darkvoid", 1]];
  const set = SETS[setId - 1]!;
  return Array.from({ length: 3 }, () => {
    const character = set.characters[pick([...set.weights])]!;
    const f = int(10000);
    const finish: Finish = f < 100 ? "darkHolo" : f < 600 ? "glitch" : f < 1000 ? "holo" : "regular";
    const background = hasBackground(set, finish) ? backgrounds[pick(backgrounds.map((b) => b[1]))]![0] : "";
    return { character, background, set: setId, isHolo: finish === "holo", isGlitch: finish === "glitch", isDarkHolo: finish === "darkHolo" };
  });
}

const seed = () => randomBytes(32).toString("hex");

describe("provably fair pulls (RULES.md)", () => {
  it("the commitment is SHA-256 of the seed's 64-character string", () => {
    const s = seed();
    expect(commitmentOf(s)).toBe(createHash("sha256").update(s, "utf8").digest("hex"));
  });

  it("every pack of every set is what an independent implementation of the rules computes", () => {
    for (let i = 0; i < 300; i++) {
      const [serverSeed, clientSeed, nonce, setId] = [seed(), randomBytes(8).toString("hex"), i * 7, (i % 7) + 1];
      expect(openPack(setId, fairRandom(serverSeed, clientSeed, nonce))).toEqual(independentPack(serverSeed, clientSeed, nonce, setId));
    }
  });

  it("the same seeds and nonce give the same pack; another nonce or client seed another stream", () => {
    const s = seed();
    const words = (c: string, n: number) => Array.from({ length: 20 }, ((r) => () => r.nextWord())(fairRandom(s, c, n)));
    expect(words("abc", 1)).toEqual(words("abc", 1));
    expect(words("abc", 2)).not.toEqual(words("abc", 1));
    expect(words("abd", 1)).not.toEqual(words("abc", 1));
  });

  it("a guaranteed pack keeps the first two cards and draws the third until Legendary or Mythic", () => {
    for (let nonce = 0; nonce < 100; nonce++) {
      const [s, c] = [seed(), "client"];
      const plain = openPack(4, fairRandom(s, c, nonce));
      const guaranteed = openFairPack(4, fairRandom(s, c, nonce), { pityDue: true });
      expect(guaranteed.slice(0, 2)).toEqual(plain.slice(0, 2));
      expect(["Legendary", "Mythic"]).toContain(tierOf(guaranteed[2]!));
      expect(openFairPack(4, fairRandom(s, c, nonce))).toEqual(plain);
    }
  });

  it("the 40th dry pack in a row is guaranteed, and any Legendary or Mythic resets the counter", () => {
    const dry: Card[] = [{ character: SETS[0]!.characters[0]!, background: "", set: 1, isHolo: false, isGlitch: false, isDarkHolo: false }];
    let count = 0;
    for (let pack = 1; pack < PITY_PACKS; pack++) {
      expect(pityDue(count), `pack ${pack}`).toBe(false);
      count = nextPityCount(count, dry);
    }
    expect(count).toBe(PITY_PACKS - 1);
    expect(pityDue(count)).toBe(true);
    const lucky = openFairPack(1, fairRandom(seed(), "x", 0), { pityDue: true });
    expect(nextPityCount(count, lucky)).toBe(0);
  });

  it("int() is uniform: 60,000 finish rolls land on the displayed rates", () => {
    const rng = fairRandom(seed(), "stats", 0);
    const counts = { darkHolo: 0, glitch: 0, holo: 0, regular: 0 };
    const n = 60_000;
    for (let i = 0; i < n; i++) {
      const f = rng.int(10000);
      counts[f < 100 ? "darkHolo" : f < 600 ? "glitch" : f < 1000 ? "holo" : "regular"]++;
    }
    const expected = { darkHolo: 0.01, glitch: 0.05, holo: 0.04, regular: 0.9 };
    for (const [k, p] of Object.entries(expected)) {
      const sd = Math.sqrt(n * p * (1 - p));
      expect(Math.abs(counts[k as keyof typeof counts] - n * p), k).toBeLessThan(5 * sd);
    }
  });
});
