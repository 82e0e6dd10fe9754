import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { commitmentOf, fairRandom, nextPityCount, openFairPack, PITY_PACKS, pityDue } from "./fairRandom.ts";
import { openPack } from "./pull.ts";
import { tierOf } from "./rarity.ts";
import { independentPack } from "../testing/independentPack.ts";
import { SETS, type Card } from "./sets.ts";

const seed = () => randomBytes(32).toString("hex");

describe("provably fair pulls (RULES.md)", () => {
  // Fixed vectors, written out by hand: HMAC-SHA256(key = the seed's 64 characters,
  // "foilbound:7:k"), computed once with OpenSSL-backed node:crypto and kept here as numbers.
  const VECTOR_SEED = "0123456789abcdef".repeat(4);
  it("matches the fixed vectors: commitment, the words of blocks 0 and 1, and a Velvet Night pack", () => {
    expect(commitmentOf(VECTOR_SEED)).toBe("a8ae6e6ee929abea3afcfc5258c8ccd6f85273e0d4626d26c7279f3250f77c8e");
    const rng = fairRandom(VECTOR_SEED, "foilbound", 7);
    expect(Array.from({ length: 16 }, () => rng.nextWord())).toEqual([
      1840668398, 296921423, 3328205632, 1649288367, 4217405075, 2867617223, 3335269798, 1653237405,
      2298824940, 2417287082, 3013680397, 4066762482, 2675201133, 1202564796, 2454202289, 1025337261,
    ]);
    // int(10000) of each word (all below 2^32 - 7296, so none is skipped): 8398, 1423, 5632, 8367,
    // 5075, 7223. Velvet Night's running sums are 1500, 4500, 9250, 9750, 9950, 10000: characters
    // #3, #3, #3; finishes 1423, 8367, 7223 are all >= 1000, so regular, and regular Velvet Night
    // cards have no background.
    const pack = openPack(1, fairRandom(VECTOR_SEED, "foilbound", 7));
    expect(pack.map((c) => [c.character, c.background, c.isHolo || c.isGlitch || c.isDarkHolo])).toEqual([
      ["velvetnight3", "", false],
      ["velvetnight3", "", false],
      ["velvetnight3", "", false],
    ]);
  });

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
