import type { LeaderboardEntryDto } from "@contract/leaderboard";
import { LEADERBOARD_PAGE_DEFAULT } from "@contract/leaderboard";
import { MSG } from "@contract/messages";
import { apiRequest } from "../../lib/http";

export const PAGE_SIZE = LEADERBOARD_PAGE_DEFAULT;

export const leaderboardKey = ["leaderboard"] as const;

/** One page of GET /api/leaderboard, in rank order. */
export function fetchLeaderboardPage(offset: number, signal?: AbortSignal): Promise<LeaderboardEntryDto[]> {
  return apiRequest<LeaderboardEntryDto[]>(`/leaderboard?limit=${PAGE_SIZE}&offset=${offset}`, { fallback: MSG.leaderboardFailed, signal });
}

/** The offset of the page that holds a rank. */
export const pageOffsetOf = (rank: number): number => Math.floor((rank - 1) / PAGE_SIZE) * PAGE_SIZE;
