import Dexie, { type Table } from "dexie";
import type { CardDto } from "@contract/cards";
import type { UserDto } from "@contract/user";

// The device's copy of the signed-in player's data, for offline browsing (ARCHITECTURE.md, PWA and
// offline). Every row is keyed by the player's id, so one shared device never shows one player's
// cards to another: a sign-out deletes that player's rows, a different sign-in deletes the rest.

/** The last known rank answer of GET /api/user/rank. */
export interface RankSnapshot {
  rank: number | null;
  players: number;
}

/** What the game knew about the player the last time it was online. */
export interface PlayerSnapshot {
  userId: number;
  /** Null until the first user answer has been saved. */
  user: UserDto | null;
  rank: RankSnapshot | null;
  /** ISO time of the last full collection download, or null before the first one. */
  collectionSyncedAt: string | null;
}

class OfflineDatabase extends Dexie {
  /** The player's cards exactly as GET /api/collection returned them; key [userId, id]. */
  cards!: Table<CardDto, [number, number]>;
  snapshots!: Table<PlayerSnapshot, number>;

  constructor() {
    super("foilbound-offline");
    this.version(1).stores({
      cards: "[userId+id], userId",
      snapshots: "userId",
    });
  }
}

let database: OfflineDatabase | null | undefined;

/** The mirror database, or null where IndexedDB is missing (old private modes): no mirror then. */
export function offlineDb(): OfflineDatabase | null {
  if (database === undefined) database = typeof indexedDB === "undefined" ? null : new OfflineDatabase();
  return database;
}

/** Runs a mirror write; a failing mirror (quota, blocked storage) never breaks the game itself. */
export async function mirrorWrite(label: string, write: (db: OfflineDatabase) => Promise<unknown>): Promise<void> {
  const db = offlineDb();
  if (!db) return;
  try {
    await write(db);
  } catch (err) {
    console.warn(`Offline copy: ${label} failed`, err);
  }
}

/** Merges fields into a player's snapshot, creating it when it does not exist yet. */
export async function patchSnapshot(db: OfflineDatabase, userId: number, patch: Partial<Omit<PlayerSnapshot, "userId">>): Promise<void> {
  const updated = await db.snapshots.update(userId, patch);
  if (updated === 0) await db.snapshots.put({ userId, user: null, rank: null, collectionSyncedAt: null, ...patch });
}
