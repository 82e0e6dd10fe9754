import type { PullDto, RevealedSeedDto } from "@contract/fairness";
import { fetchPulls } from "./api";
import { commitmentInBrowser, drawPack, samePack } from "./verify";

export interface SeedCheckResult {
  /** SHA-256 of the revealed seed equals the commitment shown before its packs. */
  commitmentOk: boolean;
  /** Packs found in the history for this seed, and those whose cards differ from the recomputation. */
  checked: number;
  mismatched: number[];
  /** Every nonce from 0 to packs - 1 has its pack in the history. */
  complete: boolean;
  /** Each pack with its verdict, in nonce order. */
  packs: Array<{ pull: PullDto; match: boolean }>;
}

export const seedCheckPassed = (r: SeedCheckResult) => r.commitmentOk && r.mismatched.length === 0 && r.complete;

/** Recomputes every pack a revealed seed drew, in the browser, against the stored history. */
export async function checkRevealedSeed(seed: RevealedSeedDto, onProgress?: (checked: number) => void, signal?: AbortSignal): Promise<SeedCheckResult> {
  const commitmentOk = (await commitmentInBrowser(seed.serverSeed)) === seed.serverSeedHash;
  const mismatched: number[] = [];
  const packs: SeedCheckResult["packs"] = [];
  const nonces = new Set<number>();
  let checked = 0;
  let before: number | null = null;
  do {
    const page = await fetchPulls({ serverSeedHash: seed.serverSeedHash }, before, 100, signal);
    for (const pull of page.pulls) {
      const drawn = await drawPack({ serverSeed: seed.serverSeed, clientSeed: pull.clientSeed, nonce: pull.nonce, set: pull.set, pity: pull.pity });
      const match = samePack(pull.cards, drawn);
      if (!match) mismatched.push(pull.nonce);
      packs.push({ pull, match });
      nonces.add(pull.nonce);
      checked += 1;
    }
    onProgress?.(checked);
    before = page.nextBefore;
  } while (before);
  const complete = nonces.size === seed.packs && [...nonces].every((n) => n >= 0 && n < seed.packs);
  packs.sort((a, b) => a.pull.nonce - b.pull.nonce);
  return { commitmentOk, checked, mismatched: mismatched.sort((a, b) => a - b), complete, packs };
}
