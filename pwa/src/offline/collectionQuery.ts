import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { FALLBACK } from "@contract/messages";
import type { CardDto } from "@contract/cards";
import { apiRequest } from "../lib/http";
import { getSession } from "../lib/session";
import { appendMirroredCards, replaceMirroredCollection } from "./collectionMirror";

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
    const cards = await apiRequest<CardDto[]>("/collection", { fallback: FALLBACK.collection, signal });
    // Shown at once; the device's copy is written in the background once the page is quiet (db.ts),
    // a large collection in idle-time steps. A sign-out meanwhile stops the write.
    if (stillSignedIn(userId)) collectionSaves.set(userId, replaceMirroredCollection(userId, cards, () => stillSignedIn(userId)));
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
