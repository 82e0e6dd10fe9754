// Throughput of the pure pull engine (no I/O), driven by the seeded generator. Target: well over
// a million pulls per second, so card generation never matters next to the database round trip.

import { pullCard } from "./pull.ts";
import { SETS } from "./sets.ts";
import { seededRandom } from "./seededRandom.ts";

const BATCH = 10_000;

export function benchPullEngine(durationMs = 1500): { pullsPerSecond: number } {
  const rng = seededRandom(0x5eed);
  let checksum = 0; // consumed below, so the engine cannot optimise the pulls away

  const runBatch = (): void => {
    for (let i = 0; i < BATCH; i++) {
      const card = pullCard((i % SETS.length) + 1, rng);
      checksum += card.character.length + card.background.length;
    }
  };

  // Warm-up: let the JIT compile the hot path before timing it.
  const warmUntil = performance.now() + Math.min(200, durationMs / 5);
  while (performance.now() < warmUntil) runBatch();

  let pulls = 0;
  const start = performance.now();
  let elapsed = 0;
  do {
    runBatch();
    pulls += BATCH;
    elapsed = performance.now() - start;
  } while (elapsed < durationMs);

  if (checksum < 0) throw new Error("unreachable: checksum is a sum of lengths");
  return { pullsPerSecond: Math.round(pulls / (elapsed / 1000)) };
}
