import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { CardDto } from "@contract/cards";
import { playableSoundFormat } from "../audio/soundFormat.ts";
import { isRevealRunning } from "../effects/revealActivity.ts";
import { quietIdle } from "../lib/quietIdle.ts";
import { collectionQueryKey, collectionQueryOptions } from "./collectionQuery.ts";
import { warmCaches, warmPlan } from "./warmAssets.ts";

/** Looked at again this long after a reveal is seen on screen. */
const REVEAL_WAIT_MS = 2000;
/** A new card (a pack, a trade) is warmed after this long, several changes in one pass. */
const COLLECTION_CHANGE_WAIT_MS = 5000;

/**
 * While a player is signed in, keeps their art and sounds in the service worker's caches for
 * offline visits (warmAssets.ts): once the first screen is done, again when the collection
 * changes or the network comes back. Unmounting (sign-out) stops it. Without a service worker
 * there is no offline cache to fill, so nothing is fetched (and no sound for a visitor: this
 * only runs inside the signed-in shell).
 */
export function useAssetWarmUp(userId: number): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof caches === "undefined" || !("serviceWorker" in navigator)) return;
    const stop = new AbortController();
    const { signal } = stop;
    let running = false;
    let again = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const pass = async () => {
      if (running) return void (again = true);
      running = true;
      try {
        await controlled(signal);
        await loaded(signal);
        const cards = await ownedCards(queryClient, userId);
        if (signal.aborted) return;
        await warmCaches(warmPlan(cards, playableSoundFormat(), !savingData()), signal, {
          caches,
          fetch: (input, init) => fetch(input, init),
          whenQuiet,
          online: () => navigator.onLine,
        });
      } catch (err) {
        if (!signal.aborted) console.warn("Offline art and sound: warm-up failed", err);
      } finally {
        running = false;
        if (again && !signal.aborted) {
          again = false;
          void pass();
        }
      }
    };
    const later = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => void pass(), ms);
    };

    void pass();
    const onOnline = () => later(0);
    window.addEventListener("online", onOnline);
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "success" && sameKey(event.query.queryKey, collectionQueryKey(userId))) {
        later(COLLECTION_CHANGE_WAIT_MS);
      }
    });
    return () => {
      stop.abort();
      clearTimeout(timer);
      window.removeEventListener("online", onOnline);
      unsubscribe();
    };
  }, [queryClient, userId]);
}

/** The player asked the browser to save data (Data Saver): only what they own is fetched ahead. */
function savingData(): boolean {
  return (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
}

function sameKey(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((part, i) => part === b[i]);
}

/** The collection from the query cache, or from the server when no screen has asked for it yet. */
async function ownedCards(queryClient: QueryClient, userId: number): Promise<readonly CardDto[]> {
  const cached = queryClient.getQueryData<CardDto[]>(collectionQueryKey(userId));
  if (cached) return cached;
  try {
    return await queryClient.fetchQuery(collectionQueryOptions(userId));
  } catch {
    // Offline or failing: pack art and sounds still get warmed.
    return [];
  }
}

/** A quiet idle moment with no reveal on screen (a reveal has the network and the frames). */
async function whenQuiet(signal: AbortSignal): Promise<void> {
  await quietIdle(signal);
  while (isRevealRunning()) {
    await abortableDelay(REVEAL_WAIT_MS, signal);
    await quietIdle(signal);
  }
}

/** After the load event and a quiet moment: the first screen has had the page to itself. */
async function loaded(signal: AbortSignal): Promise<void> {
  if (document.readyState !== "complete") await new Promise((resolve) => window.addEventListener("load", resolve, { once: true }));
  await quietIdle(signal);
}

/** Resolves once a service worker controls the page (the first visit: once it has installed and claimed it). */
function controlled(signal: AbortSignal): Promise<void> {
  if (navigator.serviceWorker.controller) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = () => {
      if (!navigator.serviceWorker.controller) return;
      navigator.serviceWorker.removeEventListener("controllerchange", done);
      resolve();
    };
    navigator.serviceWorker.addEventListener("controllerchange", done);
    signal.addEventListener("abort", () => {
      navigator.serviceWorker.removeEventListener("controllerchange", done);
      reject(signal.reason);
    });
  });
}

function abortableDelay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });
}
