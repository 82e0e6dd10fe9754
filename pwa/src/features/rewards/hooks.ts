import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { MSG } from "@contract/messages";
import type { RewardDto } from "@contract/rewards";
import { playSound } from "../../audio/useAudio";
import { ApiError, apiRequest } from "../../lib/http";
import { updateUser } from "../../lib/session";
import { useNow } from "../../lib/useNow";
import { useOnlineStatus } from "../../lib/useOnlineStatus";
import { refreshUserData } from "../../lib/userData";
import { usePlayerSnapshot } from "../../offline/collectionMirror";
import { saveRewardsSnapshot } from "../../offline/playerSnapshot";
import { useLivePoll } from "../../live/liveEvents";
import { REWARDS_POLL_MS, rewardsQueryKey, rewardsQueryOptions } from "./api";
import { asOfNow, claimableCount } from "./rewardRules";

export { rewardsQueryKey } from "./api";

const FAILED_TO_CLAIM = "Failed to claim reward";

/** Events after which progress may have moved (SPEC.md section 4, reward badge). */
const PROGRESS_EVENTS = ["trade-completed", "pack-opened", "reward-claimed"] as const;

export interface RewardsState {
  rewards: RewardDto[] | undefined;
  claimed: Record<string, boolean>;
  claimable: number;
  loading: boolean;
  /** The server could not be reached: showing the device's last copy of the server's answer. */
  stale: boolean;
  /** No network: nothing can be claimed. */
  offline: boolean;
  /** When the shown copy was read from the server (only while `stale`). */
  syncedAt: string | null;
}

/**
 * The rewards with the server's progress and claimed flags, synced as rewardsQueryOptions says
 * (every 30 s, on focus, retried with backoff). Every answer is kept on the device (Dexie,
 * per player); when the server cannot be reached, that last answer stands in, as the server said
 * it (a period that reset since starts again): the badge never counts guesses.
 */
export function useRewards(userId: number): RewardsState {
  const online = useOnlineStatus();
  const query = useQuery({ ...rewardsQueryOptions(userId), refetchInterval: useLivePoll(REWARDS_POLL_MS) });
  const useDevice = !query.data && (!online || query.isError);
  const snapshot = usePlayerSnapshot(userId, useDevice);
  const now = useNow(60_000);

  useEffect(() => {
    if (query.data) void saveRewardsSnapshot(userId, query.data);
  }, [query.data, userId]);

  useEffect(() => {
    // The shell and the rewards screen both listen: a read already on its way answers both.
    const refetch = () => void query.refetch({ cancelRefetch: false });
    for (const name of PROGRESS_EVENTS) window.addEventListener(name, refetch);
    return () => {
      for (const name of PROGRESS_EVENTS) window.removeEventListener(name, refetch);
    };
  }, [query]);

  const saved = snapshot?.rewards ?? undefined;
  const rewards = useMemo(() => query.data ?? (saved ? asOfNow(saved, now) : undefined), [query.data, saved, now]);
  const claimed = useMemo(() => Object.fromEntries((rewards ?? []).map((r) => [r.id, r.claimed])), [rewards]);

  return {
    rewards,
    claimed,
    claimable: rewards ? claimableCount(rewards, claimed) : 0,
    // Offline the query waits (paused): loading only while the device's copy is being read.
    loading: !rewards && (useDevice ? snapshot === undefined : query.isPending),
    stale: !query.data && !!saved,
    offline: !online,
    syncedAt: !query.data ? (snapshot?.rewardsSyncedAt ?? null) : null,
  };
}

/** Claims a reward: the server credits its own table's coins; the client only asks. */
export function useClaimReward(userId: number) {
  const queryClient = useQueryClient();
  // The server has just said so: the cached answer follows (and is saved on the device with it).
  const markClaimed = (rewardId: string) =>
    queryClient.setQueryData<RewardDto[]>(rewardsQueryKey(userId), (old) => old?.map((r) => (r.id === rewardId ? { ...r, claimed: true } : r)));
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

