// Statistical proof that pulls follow the displayed odds (RULES.md): a large seeded sample per set,
// judged by chi-square goodness-of-fit tests; plus proof that these tests do reject biased samplers.

import { describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { nodeHmac } from "../lib/fairSeeds.ts";
import { fairRandom } from "./fairRandom.ts";
import { openPack, pullCard, rollFinish, type RandomSource } from "./pull.ts";
import { displayedOdds, tierOf } from "./rarity.ts";
import {
  BACKGROUNDS,
  FINISHES,
  FINISH_PULL_CHANCE,
  FINISH_SCALE,
  SETS,
  TIERS,
  finishOf,
  weightTotal,
  type Card,
  type CardSet,
} from "./sets.ts";
import { seededRandom } from "./seededRandom.ts";

// ---- Chi-square machinery --------------------------------------------------------------------

/** ln Γ(x) for x > 0, Lanczos approximation (g = 7, 9 terms; ~15 significant digits). */
function logGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let sum = c[0]!;
  for (let i = 1; i < c.length; i++) sum += c[i]! / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** Upper regularized incomplete gamma Q(a, x): series below a + 1, continued fraction above. */
function gammaQ(a: number, x: number): number {
  if (x <= 0) return 1;
  const logPrefix = a * Math.log(x) - x - logGamma(a);
  if (x < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 10_000 && Math.abs(term) > Math.abs(sum) * 1e-16; n++) {
      term *= x / (a + n);
      sum += term;
    }
    return 1 - sum * Math.exp(logPrefix);
  }
  // Modified Lentz evaluation of the continued fraction for Q.
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 10_000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return Math.exp(logPrefix) * h;
}

/** P(X >= statistic) for X ~ chi-square(df). */
function chiSquarePValue(statistic: number, df: number): number {
  return gammaQ(df / 2, statistic / 2);
}

/** The statistic whose p-value is alpha, by bisection on the exact p-value. */
function chiSquareCritical(df: number, alpha: number): number {
  let lo = 0;
  let hi = df + 50 * Math.sqrt(2 * df) + 100;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (chiSquarePValue(mid, df) > alpha) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

interface FitResult {
  statistic: number;
  df: number;
  pValue: number;
  bins: number;
}

/**
 * Pearson's goodness of fit of observed counts to probabilities. Bins expecting fewer than 5 are
 * pooled (smallest first) until the pool expects at least 5, so the chi-square law holds.
 */
function chiSquareFit(observed: readonly number[], probabilities: readonly number[]): FitResult {
  const n = observed.reduce((a, b) => a + b, 0);
  const totalP = probabilities.reduce((a, b) => a + b, 0);
  if (Math.abs(totalP - 1) > 1e-9) throw new Error(`probabilities sum to ${totalP}, not 1`);
  if (observed.length !== probabilities.length) throw new Error("one probability per bin");
  const bins = observed
    .map((count, i) => ({ observed: count, expected: n * probabilities[i]! }))
    .sort((a, b) => a.expected - b.expected);
  // Take the smallest bins while the next one is too small, or the pool still is.
  const pooled = { observed: 0, expected: 0 };
  while (bins.length > 0 && (bins[0]!.expected < 5 || (pooled.expected > 0 && pooled.expected < 5))) {
    const next = bins.shift()!;
    pooled.observed += next.observed;
    pooled.expected += next.expected;
  }
  if (pooled.expected > 0) bins.push(pooled);
  if (bins.some((bin) => bin.expected <= 0)) throw new Error("nothing expected at all");
  const statistic = bins.reduce((sum, bin) => sum + (bin.observed - bin.expected) ** 2 / bin.expected, 0);
  const df = bins.length - 1;
  return { statistic, df, pValue: chiSquarePValue(statistic, df), bins: bins.length };
}

// Strict: a fair engine fails one test in a thousand; the seeds are fixed, so runs repeat.
const ALPHA = 0.001;

function expectFit(observed: readonly number[], probabilities: readonly number[], label: string): FitResult {
  const fit = chiSquareFit(observed, probabilities);
  expect(fit.df, `${label}: degrees of freedom`).toBeGreaterThan(0);
  expect(
    fit.pValue,
    `${label}: chi2 = ${fit.statistic.toFixed(2)}, df = ${fit.df}, critical ${chiSquareCritical(fit.df, ALPHA).toFixed(2)}`,
  ).toBeGreaterThan(ALPHA);
  return fit;
}

// ---- The chi-square machinery itself -------------------------------------------------------------

describe("chi-square helpers", () => {
  // Standard table values (e.g. NIST/SEMATECH e-Handbook, table 1.3.6.7.4).
  it.each([
    [1, 0.05, 3.841],
    [1, 0.001, 10.828],
    [2, 0.001, 13.816],
    [4, 0.001, 18.467],
    [5, 0.05, 11.07],
    [10, 0.001, 29.588],
    [30, 0.001, 59.703],
    [70, 0.001, 112.317],
    [100, 0.001, 149.449],
  ])("critical value df=%i alpha=%f is %f", (df, alpha, expected) => {
    expect(chiSquareCritical(df, alpha)).toBeCloseTo(expected, 2);
  });

  it("matches the closed form for df = 2: p = exp(-x/2)", () => {
    for (const x of [0.1, 1, 5, 20, 60]) expect(chiSquarePValue(x, 2)).toBeCloseTo(Math.exp(-x / 2), 12);
  });

  it("pools bins expecting fewer than 5, smallest first", () => {
    // Expected 500, 300, 190 and 4, 3, 3: the three small bins make one bin of 10.
    const fit = chiSquareFit([500, 300, 190, 4, 3, 3], [0.5, 0.3, 0.19, 0.004, 0.003, 0.003]);
    expect(fit).toMatchObject({ bins: 4, df: 3, statistic: 0 });
    // Expected 2, 1.5, 0.5 pool to 4, still too few: the pool also takes the next bin (196).
    expect(chiSquareFit([500, 300, 196, 3, 1, 0], [0.5, 0.3, 0.196, 0.002, 0.0015, 0.0005]).bins).toBe(3);
  });

  it("is calibrated: a fair sampler fails at about the nominal rate", () => {
    // 400 small tests at alpha 0.05 should reject about 20 times; far fewer would mean a lenient test.
    const rng = seededRandom(2024);
    const probabilities = SETS[0]!.weights.map((w) => w / 10000);
    const sums = cumulativeOf(SETS[0]!.weights);
    let rejected = 0;
    for (let run = 0; run < 400; run++) {
      const counts = new Array<number>(probabilities.length).fill(0);
      for (let i = 0; i < 2000; i++) counts[indexOf(sums, rng.int(10000))]!++;
      if (chiSquareFit(counts, probabilities).pValue < 0.05) rejected++;
    }
    expect(rejected).toBeGreaterThanOrEqual(8);
    expect(rejected).toBeLessThanOrEqual(36);
  });
});

function cumulativeOf(weights: readonly number[]): number[] {
  let sum = 0;
  return weights.map((w) => (sum += w));
}

function indexOf(sums: readonly number[], roll: number): number {
  const i = sums.findIndex((s) => roll < s);
  return i < 0 ? sums.length - 1 : i;
}

// ---- The engine against its own displayed odds ---------------------------------------------------

const PULLS_PER_SET = 400_000;

interface Tally {
  characters: number[];
  finishes: number[];
  /** Character x finish, flattened: index = character * 4 + finish. */
  entries: number[];
  backgrounds: number[];
  tiers: number[];
}

/** Cards from consecutive packs of the provably fair stream (RULES.md), as players get them. */
function fairPulls(set: CardSet, serverSeed: string): () => Card {
  let nonce = 0;
  let pack: Card[] = [];
  return () => {
    if (!pack.length) pack = openPack(set.id, fairRandom(serverSeed, "stats", nonce++, nodeHmac));
    return pack.shift()!;
  };
}

function tallyPulls(set: CardSet, pulls: number, source: RandomSource | (() => Card)): Tally {
  const next = typeof source === "function" ? source : () => pullCard(set.id, source);
  const characterIndex = new Map(set.characters.map((c, i) => [c, i]));
  const finishIndex = new Map(FINISHES.map((f, i) => [f, i]));
  const backgroundIndex = new Map(BACKGROUNDS.map((b, i) => [b.id, i]));
  const tierIndex = new Map(TIERS.map((t, i) => [t, i]));
  const tally: Tally = {
    characters: new Array<number>(set.characters.length).fill(0),
    finishes: new Array<number>(FINISHES.length).fill(0),
    entries: new Array<number>(set.characters.length * FINISHES.length).fill(0),
    backgrounds: new Array<number>(BACKGROUNDS.length).fill(0),
    tiers: new Array<number>(TIERS.length).fill(0),
  };
  for (let i = 0; i < pulls; i++) {
    const card = next();
    const c = characterIndex.get(card.character)!;
    const f = finishIndex.get(finishOf(card))!;
    tally.characters[c]!++;
    tally.finishes[f]!++;
    tally.entries[c * FINISHES.length + f]!++;
    tally.tiers[tierIndex.get(tierOf(card))!]!++;
    if (card.background !== "") tally.backgrounds[backgroundIndex.get(card.background)!]!++;
  }
  return tally;
}

const characterProbabilities = (set: CardSet) => set.weights.map((w) => w / weightTotal(set));
const finishProbabilities = FINISHES.map((f) => FINISH_PULL_CHANCE[f] / FINISH_SCALE);
const backgroundProbabilities = BACKGROUNDS.map((b) => b.weight / 100);
/** What the pack screen shows, at full precision. */
const tierProbabilities = (set: CardSet) => TIERS.map((t) => displayedOdds(set.id, 12)[t] / 100);

describe.each(SETS)(`set $id ($name): ${PULLS_PER_SET} pulls from the provably fair stream`, (set) => {
  // A fixed server seed per set keeps the run reproducible; the stream is the production one.
  const tally = tallyPulls(set, PULLS_PER_SET, fairPulls(set, createHash("sha256").update(`stats-${set.id}`).digest("hex")));

  it("draws characters by their weights", () => {
    expectFit(tally.characters, characterProbabilities(set), "characters");
  });

  it("rolls finishes 90 / 4 / 5 / 1 (regular / holo / glitch / dark holo)", () => {
    expectFit(tally.finishes, finishProbabilities, "finishes");
  });

  it("draws character and finish independently", () => {
    const joint = characterProbabilities(set).flatMap((pc) => finishProbabilities.map((pf) => pc * pf));
    expectFit(tally.entries, joint, "character x finish");
  });

  it("lands in each tier as often as the displayed odds say", () => {
    expectFit(tally.tiers, tierProbabilities(set), "tiers");
  });

  it("draws backgrounds by their weights, on the cards that get one", () => {
    const withBackground = tally.backgrounds.reduce((a, b) => a + b, 0);
    if (set.backgrounds === "never") {
      expect(withBackground).toBe(0);
      return;
    }
    const glitch = tally.finishes[FINISHES.indexOf("glitch")]!;
    expect(withBackground).toBe(set.backgrounds === "always" ? PULLS_PER_SET : glitch);
    expectFit(tally.backgrounds, backgroundProbabilities, "backgrounds");
  });
});

// ---- The same tests reject biased samplers ----------------------------------------------------

describe("the tests catch biased samplers", () => {
  it("rejects a 16-bit generator reduced with modulo (low rolls favoured)", () => {
    const good = seededRandom(77);
    const moduloBiased: RandomSource = { int: (max) => (good.next32() >>> 16) % max };
    const set = SETS[0]!;
    const fit = chiSquareFit(tallyPulls(set, PULLS_PER_SET, moduloBiased).characters, characterProbabilities(set));
    expect(fit.pValue).toBeLessThan(ALPHA);
  });

  it("rejects swapped holo and glitch chances", () => {
    const rng = seededRandom(78);
    const swapped = [0, 0, 0, 0];
    for (let i = 0; i < PULLS_PER_SET; i++) {
      const roll = rng.int(FINISH_SCALE); // glitch [100, 500), holo [500, 1000): 4% and 5% swapped
      swapped[roll < 100 ? 3 : roll < 500 ? 2 : roll < 1000 ? 1 : 0]!++;
    }
    expect(chiSquareFit(swapped, finishProbabilities).pValue).toBeLessThan(ALPHA);
    // ...while the engine's own roll, with the same count, passes.
    const fair = [0, 0, 0, 0];
    const rng2 = seededRandom(78);
    for (let i = 0; i < PULLS_PER_SET; i++) fair[FINISHES.indexOf(rollFinish(rng2))]!++;
    expect(chiSquareFit(fair, finishProbabilities).pValue).toBeGreaterThan(ALPHA);
  });

  it("rejects set 7 rolled over 100.00 instead of its 99.95 total (the 0.05 left to sharkbite5)", () => {
    // A subtle slip: sharkbite5 goes from 0.3502% to 0.4%. Visible with 2 million pulls.
    const set = SETS[6]!;
    const pulls = 2_000_000;
    const sums = cumulativeOf(set.weights);
    const rng = seededRandom(79);
    const slipped = new Array<number>(set.characters.length).fill(0);
    for (let i = 0; i < pulls; i++) slipped[indexOf(sums, rng.int(10000))]!++;
    expect(chiSquareFit(slipped, characterProbabilities(set)).pValue).toBeLessThan(ALPHA);

    const engine = seededRandom(79);
    const index = new Map(set.characters.map((c, i) => [c, i]));
    const fair = new Array<number>(set.characters.length).fill(0);
    for (let i = 0; i < pulls; i++) fair[index.get(pullCard(7, engine).character)!]!++;
    expect(chiSquareFit(fair, characterProbabilities(set)).pValue).toBeGreaterThan(ALPHA);
  });
});
