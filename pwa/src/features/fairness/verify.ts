// The browser's check of a pack (issue 15): the same pull engine as the server, fed with
// HMAC-SHA256 blocks from Web Crypto, so the check does not rest on the game's own SHA-256.
// Where Web Crypto is missing (a page served over plain http other than localhost), the engine's
// own synchronous SHA-256 stands in.

import type { PulledCardRecord } from "../../../../api/src/game/pullRecord";
import { blockMessage, commitmentOf, fairRandom, fairRandomFromBlocks, openFairPack, OutOfBlocks } from "../../../../api/src/game/fairRandom";
import { finishOf, type Card } from "../../../../api/src/game/sets";

const encoder = new TextEncoder();
const subtle = (): SubtleCrypto | null => (typeof crypto !== "undefined" && crypto.subtle ? crypto.subtle : null);
const toHex = (buffer: ArrayBuffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");

/** SHA-256 of the seed's text, in hex: what the commitment must equal. */
export async function commitmentInBrowser(serverSeed: string): Promise<string> {
  const s = subtle();
  return s ? toHex(await s.digest("SHA-256", encoder.encode(serverSeed))) : commitmentOf(serverSeed);
}

const keys = new Map<string, Promise<CryptoKey>>();
function hmacKey(s: SubtleCrypto, serverSeed: string): Promise<CryptoKey> {
  let key = keys.get(serverSeed);
  if (!key) {
    key = s.importKey("raw", encoder.encode(serverSeed), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    keys.set(serverSeed, key);
    if (keys.size > 32) keys.delete(keys.keys().next().value!);
  }
  return key;
}

/** Most packs use 2 blocks; a guaranteed pack may draw many cards, so the blocks grow as needed. */
const FIRST_BLOCKS = 2;

export interface PackInput {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  set: number;
  pity: boolean;
}

/** The pack these seeds and nonce give, by RULES.md. */
export async function drawPack({ serverSeed, clientSeed, nonce, set, pity }: PackInput): Promise<Card[]> {
  const s = subtle();
  if (!s) return openFairPack(set, fairRandom(serverSeed, clientSeed, nonce), { pityDue: pity });
  const key = await hmacKey(s, serverSeed);
  const blocks: Uint8Array[] = [];
  for (let want = FIRST_BLOCKS; ; want *= 4) {
    const more = await Promise.all(
      Array.from({ length: want - blocks.length }, (_, i) => s.sign("HMAC", key, encoder.encode(blockMessage(clientSeed, nonce, blocks.length + i)))),
    );
    blocks.push(...more.map((b) => new Uint8Array(b)));
    try {
      return openFairPack(set, fairRandomFromBlocks(blocks), { pityDue: pity });
    } catch (err) {
      if (!(err instanceof OutOfBlocks)) throw err;
    }
  }
}

/** Whether a stored pack holds exactly the cards its seeds give. */
export function samePack(stored: readonly PulledCardRecord[], drawn: readonly Card[]): boolean {
  return (
    stored.length === drawn.length &&
    stored.every((c, i) => c.character === drawn[i]!.character && c.background === drawn[i]!.background && c.finish === finishOf(drawn[i]!))
  );
}
