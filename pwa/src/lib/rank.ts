import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "./http";

/** GET /api/user/rank: the player's place (null without cards) and the number of players. */
export interface RankInfo {
  rank: number | null;
  players: number;
}

/** While the event stream is down; its rank events replace the poll while it is up (issue 47). */
export const RANK_POLL_MS = 60_000;

export const rankQueryKey = (userId: number) => ["user-rank", userId] as const;

/** Shared by the header, the collection and the leaderboard, so they show one answer. */
export const rankQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: rankQueryKey(userId),
    queryFn: ({ signal }) => apiRequest<RankInfo>("/user/rank", { fallback: "Failed to get rank", signal }),
    staleTime: 30_000,
    refetchInterval: RANK_POLL_MS,
  });
