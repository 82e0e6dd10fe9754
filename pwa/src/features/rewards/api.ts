import type { RewardDto } from "@contract/rewards";
import { apiRequest } from "../../lib/http";

export const FAILED_TO_LOAD_REWARDS = "Failed to load rewards";

export const rewardsQueryKey = (userId: number) => ["rewards", userId] as const;

/** GET /api/user/rewards: the rewards with the server's progress and claimed flags. */
export function fetchRewards(signal?: AbortSignal): Promise<RewardDto[]> {
  return apiRequest<RewardDto[]>("/user/rewards", { fallback: FAILED_TO_LOAD_REWARDS, signal });
}
