import type { CardDto } from "@contract/cards";
import type { LeaderboardEntryDto } from "@contract/leaderboard";
import type { RewardDto } from "@contract/rewards";
import type { SpareDto, WishDto } from "@contract/tradeFinder";
import type { UserDto } from "@contract/user";

/** The last known rank answer of GET /api/user/rank. */
export interface RankSnapshot {
  rank: number | null;
  players: number;
}

/** The leaderboard rows the game last saved: the first page and the page holding the player. */
export interface LeaderboardSnapshot {
  /** In rank order, without duplicates. */
  entries: LeaderboardEntryDto[];
  players: number;
  /** ISO time the rows were read. */
  syncedAt: string;
}

/** What the game knew about the player the last time it was online. */
export interface PlayerSnapshot {
  userId: number;
  /** Null until the first user answer has been saved. */
  user: UserDto | null;
  rank: RankSnapshot | null;
  /** ISO time of the last full collection download, or null before the first one. */
  collectionSyncedAt: string | null;
  /** The server's ETag of the answer the cards are a copy of; null when unknown (then no 304). */
  collectionEtag?: string | null;
  /** The server's last reward list, claimed flags as the server gave them. */
  rewards?: RewardDto[] | null;
  rewardsSyncedAt?: string | null;
  leaderboard?: LeaderboardSnapshot | null;
  /** The player's top cards (GET /api/user/champions), best first. */
  champions?: CardDto[] | null;
  /** ISO time the last full sync (collection and summary) finished. */
  syncedAt?: string | null;
}

/** A wanted card as the device keeps it: the server's entry, keyed by the card's identity. */
export interface MirroredWish extends WishDto {
  userId: number;
  key: string;
}

/** One of the player's cards with its keep setting and spares, as the device keeps it. */
export interface MirroredSpare extends SpareDto {
  userId: number;
  key: string;
}
