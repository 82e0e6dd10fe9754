import type { CardIdentityDto } from "@contract/cards";
import { CARD_FILES, PACK_FILES, SOUND_NAMES, soundPath, type SoundFormat } from "../../../assets/scripts/artManifest.ts";
import { cardImageUrls } from "../effects/cardImages.ts";
import { finishOf } from "../../../api/src/game/sets.ts";
import { ART_CACHE, ASSET_REFRESH_AFTER_MS, SOUND_CACHE } from "./assetCaches.ts";

// Issue 12: the art and sounds a signed-in player needs offline, fetched ahead of time. The page
// fetches each missing file itself and the service worker's runtime route (vite.config.ts) stores
// it, so every file lands in the cache under the same rules (size bound, expiry) as one the game
// showed; no code of our own in the worker. Only what is missing (or getting old) is fetched, a
// few at a time, each after a quiet idle moment.

export interface WarmItem {
  url: string;
  cache: string;
}

/**
 * What a player should have offline, most needed first: every pack's artwork, the picture each
 * owned card shows first (and its background), every sound in the one format this browser plays,
 * then the portraits of the catalogue entries still missing (the binder shows them greyed; all of
 * the catalogue is about 4.6 MB, left out when `missingEntries` is false: a player saving data).
 */
export function warmPlan(cards: readonly CardIdentityDto[], soundFormat: SoundFormat | null, missingEntries = true): WarmItem[] {
  const art = new Set<string>(PACK_FILES.map((file) => `/${file}`));
  // A big collection holds few kinds of card: their pictures are worked out once per kind (for
  // 10,000 cards, once per card was a ~50 ms task at 4x CPU).
  const kinds = new Map<string, CardIdentityDto>();
  for (const card of cards) kinds.set(`${card.set}|${card.character}|${card.background}|${finishOf(card)}`, card);
  for (const card of kinds.values()) {
    const chain = cardImageUrls({ ...card, finish: finishOf(card) });
    if (chain.portraits[0]) art.add(chain.portraits[0]);
    if (chain.background) art.add(chain.background);
  }
  const items: WarmItem[] = [...art].map((url) => ({ url, cache: ART_CACHE }));
  if (soundFormat) for (const name of SOUND_NAMES) items.push({ url: soundPath(name, soundFormat), cache: SOUND_CACHE });
  if (missingEntries) for (const file of CARD_FILES) if (!art.has(`/${file}`)) items.push({ url: `/${file}`, cache: ART_CACHE });
  return items;
}

/** How a cached copy stands: missing, fine, or old enough to fetch again while online. */
export function cachedState(response: Response | undefined, now: number): "missing" | "fresh" | "old" {
  if (!response) return "missing";
  const date = Date.parse(response.headers.get("date") ?? "");
  return Number.isFinite(date) && now - date > ASSET_REFRESH_AFTER_MS ? "old" : "fresh";
}

export interface WarmEnv {
  caches: CacheStorage;
  fetch: typeof fetch;
  /** Resolves when the page may spend a moment on background work; rejects when aborted. */
  whenQuiet: (signal: AbortSignal) => Promise<void>;
  online: () => boolean;
}

/** Files fetched at the same time: a phone on a slow network keeps room for the game's own requests. */
export const WARM_CONCURRENCY = 2;

/**
 * Brings every item of `plan` into its cache, WARM_CONCURRENCY at a time. Stops early when
 * `signal` aborts (sign-out) or the network goes. Resolves with the number of files fetched.
 */
export async function warmCaches(plan: readonly WarmItem[], signal: AbortSignal, env: WarmEnv): Promise<number> {
  const todo = await itemsToFetch(plan, env.caches);
  let fetched = 0;
  const worker = async () => {
    for (let next = todo.shift(); next; next = todo.shift()) {
      await env.whenQuiet(signal);
      if (signal.aborted || !env.online()) return;
      if (await warmOne(next, signal, env)) fetched += 1;
    }
  };
  await Promise.all(Array.from({ length: WARM_CONCURRENCY }, worker)).catch((err: unknown) => {
    if (!signal.aborted) throw err;
  });
  return fetched;
}

async function itemsToFetch(plan: readonly WarmItem[], caches: CacheStorage): Promise<Array<WarmItem & { old: boolean }>> {
  const now = Date.now();
  const opened = new Map<string, Cache>();
  const todo: Array<WarmItem & { old: boolean }> = [];
  for (const item of plan) {
    let cache = opened.get(item.cache);
    if (!cache) opened.set(item.cache, (cache = await caches.open(item.cache)));
    const state = cachedState(await cache.match(item.url), now);
    if (state !== "fresh") todo.push({ ...item, old: state === "old" });
  }
  return todo;
}

async function warmOne(item: WarmItem & { old: boolean }, signal: AbortSignal, env: WarmEnv): Promise<boolean> {
  try {
    if (item.old) {
      // The worker would answer from its copy: drop it, but only once the server is known to
      // have the file (a HEAD is not cached by the worker's GET routes, so it reaches the network).
      const head = await env.fetch(item.url, { method: "HEAD", signal });
      if (!head.ok) return false;
      await (await env.caches.open(item.cache)).delete(item.url);
    }
    const response = await env.fetch(item.url, { signal });
    // Read to the end: the worker stores its copy as the body streams through.
    await response.arrayBuffer();
    return response.ok;
  } catch {
    // Offline, aborted or a missing file: the next pass tries again.
    return false;
  }
}
