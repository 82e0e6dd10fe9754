import Dexie, { type Table } from "dexie";
import type { CardDto } from "@contract/cards";
import type { PlayerSnapshot, MirroredSpare, MirroredWish } from "./types";

// The device's copy of the signed-in player's data, for offline browsing (ARCHITECTURE.md, PWA and
// offline). Dexie (32 kB gzip) is only in this module, which db.ts imports when the copy is needed. Every row is keyed by the player's id, so one shared device never shows one player's
// cards to another: a sign-out deletes that player's rows, a different sign-in deletes the rest.

export class OfflineDatabase extends Dexie {
  /** The player's cards exactly as GET /api/collection returned them; key [userId, id]. */
  cards!: Table<CardDto, [number, number]>;
  snapshots!: Table<PlayerSnapshot, number>;
  /** Issue 48: the player's wanted cards (GET /api/trade/wishlist entries); key [userId, key]. */
  wishes!: Table<MirroredWish, [number, string]>;
  /** Issue 48: the player's cards with their keep settings and spare counts (GET /api/trade/spares); key [userId, key]. */
  spares!: Table<MirroredSpare, [number, string]>;

  constructor() {
    super("foilbound-offline");
    this.version(1).stores({
      cards: "[userId+id], userId",
      snapshots: "userId",
    });
    // Issue 48, trade finder: the wishlist and the spares, readable offline like the cards.
    this.version(2).stores({
      cards: "[userId+id], userId",
      snapshots: "userId",
      wishes: "[userId+key], userId",
      spares: "[userId+key], userId",
    });
  }
}

let database: OfflineDatabase | null | undefined;

/** The mirror database, or null where IndexedDB is missing (old private modes): no mirror then. */
export function offlineDb(): OfflineDatabase | null {
  if (database === undefined) database = typeof indexedDB === "undefined" ? null : new OfflineDatabase();
  return database;
}

export { liveQuery } from "dexie";
