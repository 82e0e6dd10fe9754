// Provably fair pulls (RULES.md, Beyond SPEC.md): the random stream of one pack, from the
// player's server seed, client seed and nonce, exactly as RULES.md fixes it, so an independent
// implementation (any HMAC-SHA256) reproduces every pack. Pure and synchronous: the server draws
// packs with it and the PWA's verifier recomputes them with the very same code.

import { openPack, pullCard, type RandomSource } from "./pull.ts";
import { isLegendaryOrBetter } from "./pity.ts";
import { CARDS_PER_PACK, type Card } from "./sets.ts";
import { hex, hmacSha256, sha256, utf8 } from "./sha256.ts";

const TWO_POW_32 = 0x1_0000_0000;
const WORDS_PER_BLOCK = 8;

/** The commitment shown before any pull: SHA-256 of the seed's 64-character hex string, in hex. */
export function commitmentOf(serverSeed: string): string {
  return hex(sha256(utf8(serverSeed)));
}

/** A server seed is 32 bytes as 64 lowercase hex characters. */
export const SERVER_SEED_PATTERN = /^[0-9a-f]{64}$/;
/** A client seed: 1-64 printable ASCII characters. */
export const CLIENT_SEED_PATTERN = /^[\x20-\x7e]{1,64}$/;

/**
 * The packs one server seed can draw (nonces 0 .. MAX_NONCE - 1): the nonce is stored as a
 * PostgreSQL integer. A player who reaches it rotates the seed to open more.
 */
export const MAX_NONCE = 2 ** 31 - 1;

export interface FairRandom extends RandomSource {
  /** The next 32-bit word of the stream (big-endian words of HMAC blocks k = 0, 1, 2, ...). */
  nextWord(): number;
}

/** HMAC-SHA256(key, message). The default is this module's own; the server passes node:crypto's. */
export type Hmac = (key: Uint8Array, message: Uint8Array) => Uint8Array;

/** The blocks of one pack's stream ran out: raised by a stream over precomputed blocks. */
export class OutOfBlocks extends Error {}

/**
 * The stream of one pack: block k is HMAC-SHA256(key = server seed string, message =
 * `${clientSeed}:${nonce}:${k}`), read as 8 big-endian unsigned 32-bit words in order.
 * int(max) takes the next word w, skips it while w >= 2^32 - (2^32 mod max), and answers w mod max.
 */
export function fairRandom(serverSeed: string, clientSeed: string, nonce: number, hmac: Hmac = hmacSha256): FairRandom {
  const key = utf8(serverSeed);
  return streamOf((k) => hmac(key, utf8(blockMessage(clientSeed, nonce, k))));
}

/** The HMAC message of block k. */
export const blockMessage = (clientSeed: string, nonce: number, k: number) => `${clientSeed}:${nonce}:${k}`;

/**
 * The same stream over blocks computed beforehand (the browser's Web Crypto is asynchronous):
 * throws OutOfBlocks when a pack needs more, and the caller computes more and draws again.
 */
export function fairRandomFromBlocks(blocks: readonly Uint8Array[]): FairRandom {
  return streamOf((k) => {
    const block = blocks[k];
    if (!block) throw new OutOfBlocks(`the pack needs more than ${blocks.length} blocks`);
    return block;
  });
}

function streamOf(blockAt: (k: number) => Uint8Array): FairRandom {
  let block = 0;
  let words: DataView | null = null;
  let used = WORDS_PER_BLOCK;
  const nextWord = (): number => {
    if (used === WORDS_PER_BLOCK) {
      const digest = blockAt(block++);
      words = new DataView(digest.buffer, digest.byteOffset, digest.byteLength);
      used = 0;
    }
    return words!.getUint32(4 * used++);
  };
  return {
    nextWord,
    int(max) {
      if (!Number.isInteger(max) || max < 1 || max > TWO_POW_32) throw new RangeError(`fairRandom.int: max must be an integer in [1, 2^32], got ${max}`);
      const limit = TWO_POW_32 - (TWO_POW_32 % max);
      let w = nextWord();
      while (w >= limit) w = nextWord();
      return w % max;
    },
  };
}

/**
 * One pack from a fair stream. With the pity guarantee due (RULES.md, Pity: the 40th pack in a row
 * without a Legendary or Mythic of this set), the third card keeps drawing from the same stream
 * until it is one: the guaranteed card follows the set's own odds restricted to those tiers.
 */
export function openFairPack(setId: number, rng: RandomSource, opts: { pityDue?: boolean } = {}): Card[] {
  if (!opts.pityDue) return openPack(setId, rng);
  const cards = Array.from({ length: CARDS_PER_PACK - 1 }, () => pullCard(setId, rng));
  let last = pullCard(setId, rng);
  while (!isLegendaryOrBetter(last)) last = pullCard(setId, rng);
  return [...cards, last];
}

export { nextPityCount, PITY_PACKS, pityDue } from "./pity.ts";
