// Throughput of the pure pull engine (no I/O), driven by the seeded generator. Target: well over
// a million pulls per second, so card generation never matters next to the database round trip.

import { fairRandom, openFairPack, type Hmac } from "./fairRandom.ts";
import { pullCard } from "./pull.ts";
import { SETS, type Card } from "./sets.ts";
import { seededRandom } from "./seededRandom.ts";

const BATCH = 10_000;

export function benchPullEngine(durationMs = 1500): { pullsPerSecond: number } {
  const rng = seededRandom(0x5eed);
  return timed(durationMs, (i) => pullCard((i % SETS.length) + 1, rng));
}

/**
 * Packs as the server draws them (issue 15): a fresh provably fair stream per pack (HMAC-SHA256
 * blocks), with the HMAC the caller passes (the server's is node:crypto's). Counted in cards.
 */
export function benchFairPacks(hmac: Hmac, durationMs = 1500): { pullsPerSecond: number } {
  const seed = "5eed".repeat(16);
  let pack: Card[] = [];
  let nonce = 0;
  return timed(durationMs, (i) => {
    if (!pack.length) pack = openFairPack((i % SETS.length) + 1, fairRandom(seed, "bench", nonce++, hmac));
    return pack.pop()!;
  });
}

function timed(durationMs: number, pull: (i: number) => Card): { pullsPerSecond: number } {
  let checksum = 0; // consumed below, so the engine cannot optimise the pulls away
  const runBatch = (): void => {
    for (let i = 0; i < BATCH; i++) {
      const card = pull(i);
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
