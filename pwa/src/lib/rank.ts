import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "./http";

/** GET /api/user/rank: the player's place (null without cards) and the number of players. */
export interface RankInfo {
  rank: number | null;
  players: number;
}

export const rankQueryKey = (userId: number) => ["user-rank", userId] as const;

/** Shared by the header, the collection and the leaderboard, so they show one answer. */
export const rankQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: rankQueryKey(userId),
    queryFn: ({ signal }) => apiRequest<RankInfo>("/user/rank", { fallback: "Failed to get rank", signal }),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
