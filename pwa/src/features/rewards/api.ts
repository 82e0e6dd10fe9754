import { queryOptions } from "@tanstack/react-query";
import type { RewardDto } from "@contract/rewards";
import { apiRequest } from "../../lib/http";
import { onLiveEvent } from "../../live/liveEvents";
import { statusRetryDelay } from "./rewardRules";

export const FAILED_TO_LOAD_REWARDS = "Failed to load rewards";

export const rewardsQueryKey = (userId: number) => ["rewards", userId] as const;
/** While the event stream is down (issue 47). */
export const REWARDS_POLL_MS = 30_000;

// A new reward period, or progress from a trade or battle: the rewards read again.
for (const type of ["reward", "trade", "battle"] as const) onLiveEvent(type, (_, queryClient) => void queryClient.invalidateQueries({ queryKey: ["rewards"] }));

/** GET /api/user/rewards: the rewards with the server's progress and claimed flags. */
export function fetchRewards(signal?: AbortSignal): Promise<RewardDto[]> {
  return apiRequest<RewardDto[]>("/user/rewards", { fallback: FAILED_TO_LOAD_REWARDS, signal });
}

/** Synced every 30 s and on focus, with 3 retries backing off (1 s doubling, 10 s at most). */
export const rewardsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: rewardsQueryKey(userId),
    queryFn: ({ signal }) => fetchRewards(signal),
    refetchInterval: REWARDS_POLL_MS,
    refetchOnWindowFocus: true,
    retry: 3,
    retryDelay: statusRetryDelay,
  });
