import type { CardDto } from "@contract/cards";
import { nextTask } from "../lib/loadInStages";
import { quietIdle } from "../lib/quietIdle";
import { mirrorRead, mirrorWrite, patchSnapshot, useDeviceRead, type PlayerSnapshot } from "./db";

// Reads and writes of the mirrored collection. TanStack Query fetches (collectionQuery.ts); this
// module only stores what arrived and hands it to the screens through live reads (db.ts).

/**
 * Cards written per step: one step stays well under a 50 ms task on a slow phone. A trace at 4x CPU
 * throttling put a step of 500 at ~175 ms (Dexie's and IndexedDB's work is ~0.35 ms a card there);
 * steps of 100 still made tasks of 50-60 ms with a garbage collection on top.
 */
const WRITE_CHUNK = 50;

/** More cards than one step writes: the copy is then written in steps, each its own task. */
export function isLargeCollection(cards: readonly CardDto[]): boolean {
  return cards.length > WRITE_CHUNK;
}

export interface ReplaceOptions {
  /** False stops the write (a sign-out while it runs). */
  stillCurrent?: () => boolean;
  /** The answer's ETag; null when unknown (the next sync then downloads it in full). */
  etag?: string | null;
  /**
   * The copy is wanted now (a sign-in on this page: the player may go offline in seconds): each
   * step waits only for the next task, not for an idle moment without scrolling.
   */
  soon?: boolean;
}

/**
 * Replaces the player's mirrored cards with a fresh server answer. A small collection goes in one
 * transaction. A large one in steps of WRITE_CHUNK cards, each in a task of its own: 10,000 cards
 * written at once froze the screen for seconds (issue 11). The steps wait for idle moments, or
 * only for the next task when the copy is wanted `soon`. Cards are put first, then the ones the
 * answer no longer has are removed (cards newer than the answer, e.g. a pack opened meanwhile,
 * stay), then the sync time is stamped, with the answer's ETag.
 */
export async function replaceMirroredCollection(userId: number, cards: readonly CardDto[], options: ReplaceOptions = {}): Promise<void> {
  const { stillCurrent = () => true, etag = null, soon = false } = options;
  // The copy already holds exactly this answer (its tag is stamped only once a write is complete):
  // a 10,000-card player's every visit rewrote all of it, ~4 s of main thread at 4x CPU.
  if (etag !== null && (await savedCollectionEtag(userId)) === etag) {
    if (stillCurrent()) await stampCollectionSynced(userId);
    return;
  }
  if (!isLargeCollection(cards)) {
    return mirrorWrite("saving the collection", (db) =>
      db.transaction("rw", db.cards, db.snapshots, async () => {
        await db.cards.where("userId").equals(userId).delete();
        await db.cards.bulkPut(cards.map((card) => ({ ...card, userId })));
        await patchSnapshot(db, userId, { collectionSyncedAt: new Date().toISOString(), collectionEtag: etag });
      }),
    );
  }
  // Idle steps also wait for the player to stop scrolling (quietIdle): the first visit of a big
  // binder is when its copy is written, and also when it is scrolled.
  const pause = soon ? nextTask : quietIdle;
  for (let i = 0; i < cards.length; i += WRITE_CHUNK) {
    await pause();
    if (!stillCurrent()) return;
    const chunk = cards.slice(i, i + WRITE_CHUNK).map((card) => ({ ...card, userId }));
    await mirrorWrite("saving the collection", (db) => db.cards.bulkPut(chunk));
  }
  await pause();
  if (!stillCurrent()) return;
  const keep = new Set(cards.map((card) => card.id));
  const newestInAnswer = cards.reduce((max, card) => Math.max(max, card.id), 0);
  await mirrorWrite("saving the collection", (db) =>
    db.transaction("rw", db.cards, db.snapshots, async () => {
      // Keys only: no card is read back into memory to find the stale ones.
      const keys = await db.cards.where("userId").equals(userId).primaryKeys();
      const stale = keys.filter(([, id]) => !keep.has(id) && id <= newestInAnswer);
      if (stale.length) await db.cards.bulkDelete(stale);
      await patchSnapshot(db, userId, { collectionSyncedAt: new Date().toISOString(), collectionEtag: etag });
    }),
  );
}

/** The tag of the server answer the device's copy holds in full; null when none (or unreadable). */
export function savedCollectionEtag(userId: number): Promise<string | null> {
  return mirrorRead("reading the collection's tag", async (db) => (await db.snapshots.get(userId))?.collectionEtag ?? null);
}

/** Notes that the device's copy was found to be the server's list just now. */
export function stampCollectionSynced(userId: number): Promise<void> {
  return mirrorWrite("stamping the collection", (db) => patchSnapshot(db, userId, { collectionSyncedAt: new Date().toISOString() }));
}

/** Adds freshly pulled cards (a pack) without downloading the whole collection again. */
export function appendMirroredCards(userId: number, cards: readonly CardDto[]): Promise<void> {
  return mirrorWrite("adding new cards", (db) => db.cards.bulkPut(cards.map((card) => ({ ...card, userId }))));
}

/** Forgets one player's cards and snapshot (sign-out). */
export function deletePlayerMirror(userId: number): Promise<void> {
  return mirrorWrite(
    "removing a player's copy",
    (db) =>
      db.transaction("rw", [db.cards, db.snapshots, db.wishes, db.spares], async () => {
        await db.cards.where("userId").equals(userId).delete();
        await db.snapshots.delete(userId);
        await db.wishes.where("userId").equals(userId).delete();
        await db.spares.where("userId").equals(userId).delete();
      }),
    true,
  );
}

/** Forgets everyone but this player: a device signs in one player at a time. */
export function deleteOtherPlayersMirrors(userId: number): Promise<void> {
  return mirrorWrite("removing other players' copies", (db) =>
    db.transaction("rw", [db.cards, db.snapshots, db.wishes, db.spares], async () => {
      await db.cards.where("userId").notEqual(userId).delete();
      await db.snapshots.where("userId").notEqual(userId).delete();
      await db.wishes.where("userId").notEqual(userId).delete();
      await db.spares.where("userId").notEqual(userId).delete();
    }),
  );
}

/** Mirrored cards: an array (maybe empty), undefined while reading, null when there is no mirror. */
export type MirroredCards = CardDto[] | null | undefined;

/**
 * The player's mirrored cards, live: every write above re-renders the readers. With `read` false
 * (the server's answer is on screen, or is about to be) nothing is read and Dexie is not loaded.
 */
export function useMirroredCollection(userId: number, read: boolean): MirroredCards {
  return useDeviceRead(read, (db) => db.cards.where("userId").equals(userId).toArray(), `cards:${userId}`);
}

/** The player's snapshot (last user, rank, when the collection was last synced), live, while `read`. */
export function usePlayerSnapshot(userId: number, read: boolean): PlayerSnapshot | null | undefined {
  return useDeviceRead(read, async (db) => (await db.snapshots.get(userId)) ?? null, `snapshot:${userId}`);
}
