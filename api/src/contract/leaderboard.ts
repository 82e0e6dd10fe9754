import type { CardDto } from "./cards.ts";

/** SPEC.md section 3: a leaderboard entry, plus its rank. */
export interface LeaderboardEntryDto {
  user: { id: number; displayName: string | null; replitUsername: string; username: string };
  totalScore: number;
  rank: number;
  bestCards: CardDto[];
}

export const LEADERBOARD_BEST_CARDS = 9;
export const CHAMPION_COUNT = 5;
export const LEADERBOARD_PAGE_DEFAULT = 50;
export const LEADERBOARD_PAGE_MAX = 200;
