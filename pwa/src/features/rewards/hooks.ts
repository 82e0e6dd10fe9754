import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState } from "react";
import { MSG } from "@contract/messages";
import type { RewardDto } from "@contract/rewards";
import { playSound } from "../../audio/useAudio";
import { ApiError, apiRequest } from "../../lib/http";
import { updateUser } from "../../lib/session";
import { readStored, writeStored } from "../../lib/storage";
import { refreshUserData } from "../../lib/userData";
import { cachedClaims, claimableCount, statusRetryDelay, type ClaimCache } from "./rewardRules";

const FAILED_TO_LOAD = "Failed to load rewards";
const FAILED_TO_CLAIM = "Failed to claim reward";

export const rewardsQueryKey = (userId: number) => ["rewards", userId] as const;

/** The device's record per player: claims made here and the last reward list seen. */
interface RewardCache {
  claims: ClaimCache;
  rewards?: RewardDto[];
}
const cacheKey = (userId: number) => `foilbound-rewards-v1-${userId}`;
const readCache = (userId: number): RewardCache => readStored<RewardCache>(cacheKey(userId)) ?? { claims: {} };

/** Events after which progress may have moved (SPEC.md section 4, reward badge). */
const PROGRESS_EVENTS = ["trade-completed", "pack-opened", "reward-claimed"] as const;

export interface RewardsState {
  rewards: RewardDto[] | undefined;
  claimed: Record<string, boolean>;
  claimable: number;
  loading: boolean;
  /** The server could not be reached: showing the device's last copy, retrying. */
  stale: boolean;
}

/**
 * The rewards with the server's progress and claimed flags, synced every 30 s and on focus with
 * 3 retries backing off (1 s doubling, 10 s at most); when the server cannot be reached, the
 * device's last list and its own claims this period stand in.
 */
export function useRewards(userId: number): RewardsState {
  const [cache, setCache] = useState<RewardCache>(() => readCache(userId));
  const query = useQuery({
    queryKey: rewardsQueryKey(userId),
    queryFn: ({ signal }) => apiRequest<RewardDto[]>("/user/rewards", { fallback: FAILED_TO_LOAD, signal }),
    refetchInterval: 30_000,
    refetchOnWindowFocus: true,
    retry: 3,
    retryDelay: statusRetryDelay,
  });

  useEffect(() => {
    if (!query.data) return;
    setCache((old) => {
      const next = { ...old, rewards: query.data };
      writeStored(cacheKey(userId), next);
      return next;
    });
  }, [query.data, userId]);

  useEffect(() => {
    const refetch = () => void query.refetch();
    for (const name of PROGRESS_EVENTS) window.addEventListener(name, refetch);
    // Another tab of this player claimed something: pick up its record.
    const onStorage = (e: StorageEvent) => e.key === cacheKey(userId) && setCache(readCache(userId));
    window.addEventListener("storage", onStorage);
    return () => {
      for (const name of PROGRESS_EVENTS) window.removeEventListener(name, refetch);
      window.removeEventListener("storage", onStorage);
    };
  }, [query, userId]);

  const rewards = query.data ?? cache.rewards;
  const claimed = useMemo(() => {
    if (!rewards) return {};
    const local = cachedClaims(cache.claims, rewards, new Date());
    // The server's word when it answered; the device's own claims this period otherwise.
    return Object.fromEntries(rewards.map((r) => [r.id, (query.data ? r.claimed : false) || local[r.id] === true]));
  }, [rewards, cache.claims, query.data]);

  return {
    rewards,
    claimed,
    claimable: rewards ? claimableCount(rewards, claimed) : 0,
    loading: !rewards && query.isPending,
    stale: query.isError,
  };
}

/** Claims a reward: the server credits its own table's coins; the client only asks. */
export function useClaimReward(userId: number) {
  const queryClient = useQueryClient();
  const markClaimed = useCallback(
    (rewardId: string) => {
      const cache = readCache(userId);
      cache.claims[rewardId] = new Date().toISOString();
      writeStored(cacheKey(userId), cache);
      queryClient.setQueryData<RewardDto[]>(rewardsQueryKey(userId), (old) => old?.map((r) => (r.id === rewardId ? { ...r, claimed: true } : r)));
    },
    [queryClient, userId],
  );
  return useMutation({
    mutationFn: (reward: RewardDto) =>
      apiRequest<{ newCoinCount: number }>("/user/coins", {
        method: "POST",
        // SPEC.md section 7 sends the amount; the server ignores it and pays its own table.
        body: { rewardId: reward.id, rewardType: reward.type, amount: reward.coinReward },
        fallback: FAILED_TO_CLAIM,
      }),
    onSuccess: (result, reward) => {
      markClaimed(reward.id);
      updateUser({ coins: result.newCoinCount });
      playSound(reward.type === "weekly" ? "weekly-reward" : "reward");
      window.dispatchEvent(new Event("reward-claimed"));
      void refreshUserData(queryClient);
    },
    onError: (err, reward) => {
      // SPEC.md section 8: already claimed counts as claimed and resyncs; anything else
      // (including 'Not authenticated') returns the tile to claimable.
      if (err instanceof ApiError && err.message === MSG.rewardAlreadyClaimed) {
        markClaimed(reward.id);
        void queryClient.invalidateQueries({ queryKey: rewardsQueryKey(userId) });
        return;
      }
      console.warn(err instanceof Error ? err.message : FAILED_TO_CLAIM);
    },
  });
}

