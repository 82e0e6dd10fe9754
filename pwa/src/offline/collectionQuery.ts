import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { FALLBACK } from "@contract/messages";
import type { CardDto } from "@contract/cards";
import { ApiError, apiRequest, politeFetch } from "../lib/http";
import { readJsonArray } from "../lib/jsonArrayStream";
import { getSession } from "../lib/session";
import { appendMirroredCards, replaceMirroredCollection, savedCollectionEtag, stampCollectionSynced } from "./collectionMirror";
import { mirrorRead } from "./db";

// GET /api/collection through TanStack Query, written into the Dexie mirror on every answer. Lives
// here rather than in a feature because packs (append) and collection (read) both need it.

export const collectionQueryKey = (userId: number) => ["collection", userId] as const;

/** The latest write of each player's collection, so a sync can tell when the copy is saved. */
const collectionSaves = new Map<number, Promise<void>>();

/** Resolves once the last collection answer of this player is on the device. */
export function collectionSaved(userId: number): Promise<void> {
  return collectionSaves.get(userId) ?? Promise.resolve();
}

function stillSignedIn(userId: number): boolean {
  return getSession().user?.id === userId;
}

async function fetchCollection(userId: number, signal: AbortSignal): Promise<CardDto[]> {
  try {
    let etag: string | null = null;
    const cards = await apiRequest<CardDto[]>("/collection", {
      fallback: FALLBACK.collection,
      signal,
      onHeaders: (headers) => (etag = headers.get("ETag")),
      readBody: readJsonArray,
    });
    // Shown at once; the device's copy is written in the background once the page is quiet (db.ts),
    // a large collection in idle-time steps. A sign-out meanwhile stops the write. The copy keeps
    // the answer's tag, so the background sync's next conditional GET can be a 304.
    if (stillSignedIn(userId)) collectionSaves.set(userId, replaceMirroredCollection(userId, cards, { stillCurrent: () => stillSignedIn(userId), etag }));
    return cards;
  } catch (err) {
    // SPEC.md section 8: collection load failures are only logged (the mirror keeps showing).
    if (!signal.aborted) console.warn(err instanceof Error ? err.message : FALLBACK.collection);
    throw err;
  }
}

export const collectionQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: collectionQueryKey(userId),
    queryFn: ({ signal }) => fetchCollection(userId, signal),
    // SPEC.md section 4: loads are skipped when not authenticated.
    enabled: () => stillSignedIn(userId),
  });

/**
 * The background sync's download (playerSync.ts): a conditional GET with the tag of the copy on
 * the device, so an unchanged collection costs a 304 instead of the whole list again. A fresh
 * answer goes into the query cache and replaces the copy, tag included. Resolves once saved.
 * `soon` (a sign-in on this page): the copy is wanted now, so the request does not wait for the
 * database's code to read the tag (a copy that holds this answer already is only stamped anyway),
 * and the cards are written a step per task instead of per idle moment.
 */
export async function syncCollection(queryClient: QueryClient, userId: number, signal: AbortSignal, soon = false): Promise<void> {
  const etag = soon ? null : await savedCollectionEtag(userId);
  const response = await politeFetch("/api/collection", {
    credentials: "same-origin",
    cache: "no-store", // the tag is ours to send; the browser's cache keeps nothing
    headers: etag ? { Accept: "application/json", "If-None-Match": etag } : { Accept: "application/json" },
    signal,
  });
  if (response.status === 304) {
    await stampCollectionSynced(userId);
    // Unchanged: the device's copy is the server's list. Hand it to the query cache when no screen
    // has loaded it, so the art warm-up and the collection screen do not download it again.
    if (!queryClient.getQueryData(collectionQueryKey(userId))) {
      const saved = await mirrorRead("reading the collection", (db) => db.cards.where("userId").equals(userId).toArray());
      if (saved && stillSignedIn(userId) && !queryClient.getQueryData(collectionQueryKey(userId))) {
        // Newest first, like the server's list.
        const cards = saved.sort((a, b) => b.id - a.id);
        queryClient.setQueryData(collectionQueryKey(userId), cards);
      }
    }
    return;
  }
  if (!response.ok) throw new ApiError(FALLBACK.collection, response.status);
  const cards = await readJsonArray<CardDto>(response);
  if (!stillSignedIn(userId)) return;
  queryClient.setQueryData(collectionQueryKey(userId), cards);
  const saved = replaceMirroredCollection(userId, cards, { stillCurrent: () => stillSignedIn(userId), etag: response.headers.get("ETag"), soon });
  collectionSaves.set(userId, saved);
  await saved;
}

/**
 * SPEC.md section 4, after a pack: the returned cards join the local collection (query cache and
 * mirror), newest first like the server's list, without downloading everything again.
 */
export async function addPulledCards(queryClient: QueryClient, userId: number, cards: readonly CardDto[]): Promise<void> {
  queryClient.setQueryData<CardDto[]>(collectionQueryKey(userId), (old) => {
    if (!old) return old;
    const known = new Set(old.map((card) => card.id));
    return [...cards.filter((card) => !known.has(card.id)), ...old];
  });
  await appendMirroredCards(userId, cards);
}
