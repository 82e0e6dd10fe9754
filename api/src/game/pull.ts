// One pull and one pack (RULES.md, One pull). The random source is a parameter: the server
// passes cryptoRandom (random.ts), tests and benchmarks a seeded generator (seededRandom.ts).

import {
  BACKGROUNDS,
  CARDS_PER_PACK,
  FINISH_PULL_CHANCE,
  FINISH_SCALE,
  NO_BACKGROUND,
  SETS,
  hasBackground,
  setById,
  type Card,
  type CardSet,
  type Finish,
} from "./sets.ts";

/** A uniform integer in [0, maxExclusive). */
export type RandomSource = { int(maxExclusive: number): number };

/** Running sums of integer weights; the last element is the total. */
function cumulative(weights: readonly number[]): Int32Array {
  const sums = new Int32Array(weights.length);
  let sum = 0;
  weights.forEach((w, i) => (sums[i] = sum += w));
  return sums;
}

/** Index of the first running sum above roll, for roll in [0, total). Binary search. */
function pickIndex(sums: Int32Array, roll: number): number {
  let lo = 0;
  let hi = sums.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (roll < sums[mid]!) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

interface PullTable {
  readonly set: CardSet;
  readonly characterSums: Int32Array;
  readonly characterTotal: number;
}

// Built once: a pull is then three integer rolls and two binary searches.
const PULL_TABLES: readonly PullTable[] = SETS.map((set) => {
  const characterSums = cumulative(set.weights);
  return { set, characterSums, characterTotal: characterSums[characterSums.length - 1]! };
});

const BACKGROUND_SUMS = cumulative(BACKGROUNDS.map((b) => b.weight));
const BACKGROUND_TOTAL = BACKGROUND_SUMS[BACKGROUND_SUMS.length - 1]!;
const BACKGROUND_IDS = BACKGROUNDS.map((b) => b.id);

// Finish thresholds on one roll in [0, FINISH_SCALE): rarest first, regular takes the rest.
const DARK_HOLO_BELOW = FINISH_PULL_CHANCE.darkHolo;
const GLITCH_BELOW = DARK_HOLO_BELOW + FINISH_PULL_CHANCE.glitch;
const HOLO_BELOW = GLITCH_BELOW + FINISH_PULL_CHANCE.holo;

export function rollFinish(rng: RandomSource): Finish {
  const roll = rng.int(FINISH_SCALE);
  if (roll < DARK_HOLO_BELOW) return "darkHolo";
  if (roll < GLITCH_BELOW) return "glitch";
  if (roll < HOLO_BELOW) return "holo";
  return "regular";
}

export function rollBackground(rng: RandomSource): string {
  return BACKGROUND_IDS[pickIndex(BACKGROUND_SUMS, rng.int(BACKGROUND_TOTAL))]!;
}

/** One card: character, then finish, then (where the set calls for it) background. */
export function pullCard(setId: number, rng: RandomSource): Card {
  const { set, characterSums, characterTotal } = PULL_TABLES[setById(setId).id - 1]!;
  const character = set.characters[pickIndex(characterSums, rng.int(characterTotal))]!;
  const finish = rollFinish(rng);
  const background = hasBackground(set, finish) ? rollBackground(rng) : NO_BACKGROUND;
  // Flags spelled out, not spread from a helper: one allocation per card, one object shape.
  return {
    character,
    background,
    set: set.id,
    isHolo: finish === "holo",
    isGlitch: finish === "glitch",
    isDarkHolo: finish === "darkHolo",
  };
}

/** A pack: CARDS_PER_PACK independent pulls. */
export function openPack(setId: number, rng: RandomSource): Card[] {
  return Array.from({ length: CARDS_PER_PACK }, () => pullCard(setId, rng));
}
