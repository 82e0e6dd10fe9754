import { useLiveQuery } from "dexie-react-hooks";
import type { CardDto } from "@contract/cards";
import { mirrorWrite, offlineDb, patchSnapshot, type PlayerSnapshot } from "./db";

// Reads and writes of the mirrored collection. TanStack Query fetches (collectionQuery.ts); this
// module only stores what arrived and hands it to the screens through useLiveQuery.

/** Replaces the player's mirrored cards with a fresh server answer. */
export function replaceMirroredCollection(userId: number, cards: readonly CardDto[]): Promise<void> {
  return mirrorWrite("saving the collection", (db) =>
    db.transaction("rw", db.cards, db.snapshots, async () => {
      await db.cards.where("userId").equals(userId).delete();
      await db.cards.bulkPut(cards.map((card) => ({ ...card, userId })));
      await patchSnapshot(db, userId, { collectionSyncedAt: new Date().toISOString() });
    }),
  );
}

/** Adds freshly pulled cards (a pack) without downloading the whole collection again. */
export function appendMirroredCards(userId: number, cards: readonly CardDto[]): Promise<void> {
  return mirrorWrite("adding new cards", (db) => db.cards.bulkPut(cards.map((card) => ({ ...card, userId }))));
}

/** Forgets one player's cards and snapshot (sign-out). */
export function deletePlayerMirror(userId: number): Promise<void> {
  return mirrorWrite("removing a player's copy", (db) =>
    db.transaction("rw", db.cards, db.snapshots, async () => {
      await db.cards.where("userId").equals(userId).delete();
      await db.snapshots.delete(userId);
    }),
  );
}

/** Forgets everyone but this player: a device signs in one player at a time. */
export function deleteOtherPlayersMirrors(userId: number): Promise<void> {
  return mirrorWrite("removing other players' copies", (db) =>
    db.transaction("rw", db.cards, db.snapshots, async () => {
      await db.cards.where("userId").notEqual(userId).delete();
      await db.snapshots.where("userId").notEqual(userId).delete();
    }),
  );
}

/** Mirrored cards: an array (maybe empty), undefined while reading, null when there is no mirror. */
export type MirroredCards = CardDto[] | null | undefined;

/** The player's mirrored cards, live: every write above re-renders the readers. */
export function useMirroredCollection(userId: number): MirroredCards {
  return useLiveQuery<CardDto[] | null>(async () => {
    const db = offlineDb();
    if (!db) return null;
    try {
      return await db.cards.where("userId").equals(userId).toArray();
    } catch {
      return null;
    }
  }, [userId]);
}

/** The player's snapshot (last user, rank, when the collection was last synced), live. */
export function usePlayerSnapshot(userId: number): PlayerSnapshot | null | undefined {
  return useLiveQuery<PlayerSnapshot | null>(async () => {
    const db = offlineDb();
    if (!db) return null;
    try {
      return (await db.snapshots.get(userId)) ?? null;
    } catch {
      return null;
    }
  }, [userId]);
}
