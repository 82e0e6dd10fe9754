// A deterministic random source for tests and benchmarks: sfc32 (PractRand-clean, 128-bit state),
// seeded through splitmix32. Not for real pulls: those use cryptoRandom.

import type { RandomSource } from "./pull.ts";

const TWO_POW_32 = 0x1_0000_0000;

/** splitmix32: spreads one seed over the four state words so nearby seeds diverge at once. */
function splitmix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

export interface SeededRandom extends RandomSource {
  /** The next raw 32-bit output, as an unsigned integer. */
  next32(): number;
}

/** The seed is read as an unsigned 32-bit integer (seed >>> 0). */
export function seededRandom(seed: number): SeededRandom {
  const mix = splitmix32(seed);
  let a = mix();
  let b = mix();
  let c = mix();
  let d = mix();
  const next32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 12; i++) next32(); // warm-up, as sfc32's reference does
  return {
    next32,
    int(maxExclusive) {
      if (!Number.isInteger(maxExclusive) || maxExclusive < 1 || maxExclusive > TWO_POW_32) {
        throw new RangeError(`seededRandom.int: max must be an integer in [1, 2^32], got ${maxExclusive}`);
      }
      // Rejection sampling: drop the top partial block so every result is equally likely.
      const limit = TWO_POW_32 - (TWO_POW_32 % maxExclusive);
      let x = next32();
      while (x >= limit) x = next32();
      return x % maxExclusive;
    },
  };
}
