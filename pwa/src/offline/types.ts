import type { UserDto } from "@contract/user";

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
