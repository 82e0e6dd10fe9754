import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { CardDto } from "@contract/cards";
import { RANK_POLL_MS, rankQueryKey, rankQueryOptions } from "../lib/rank";
import { useLivePoll } from "../live/liveEvents";
import { useOnlineStatus } from "../lib/useOnlineStatus";
import { usePlayerSnapshot } from "./collectionMirror";
import type { LeaderboardSnapshot, RankSnapshot } from "./db";
import { saveRankSnapshot } from "./playerSnapshot";

// The server's answer when there is one, else the device's last copy of it: what every screen
// reads so that the header, the collection and the leaderboard agree online and offline.

/**
 * The player's rank: GET /api/user/rank, or the saved answer while it is missing (offline, failed).
 * The one source for the header and the collection; `refetchOnMount` lets the leaderboard ask afresh.
 */
export function usePlayerRank(userId: number, refetchOnMount?: "always"): RankSnapshot | null {
  const queryClient = useQueryClient();
  const online = useOnlineStatus();
  const query = useQuery({ ...rankQueryOptions(userId), refetchInterval: useLivePoll(RANK_POLL_MS), ...(refetchOnMount ? { refetchOnMount } : {}) });
  const snapshot = usePlayerSnapshot(userId, !query.data && (!online || query.isError));
  useEffect(() => {
    if (query.data) void saveRankSnapshot(userId, query.data);
  }, [query.data, userId]);
  // A new pack or a trade moves the rank: read it again.
  useEffect(() => {
    // Each reader listens (the header and a screen): a read already on its way answers both.
    const refresh = () => void queryClient.invalidateQueries({ queryKey: rankQueryKey(userId) }, { cancelRefetch: false });
    window.addEventListener("pack-opened", refresh);
    window.addEventListener("trade-completed", refresh);
    return () => {
      window.removeEventListener("pack-opened", refresh);
      window.removeEventListener("trade-completed", refresh);
    };
  }, [queryClient, userId]);
  return query.data ?? snapshot?.rank ?? null;
}

/** The leaderboard rows saved at the last sync, read only while `read` (undefined while reading). */
export function useLeaderboardSnapshot(userId: number, read: boolean): LeaderboardSnapshot | null | undefined {
  const snapshot = usePlayerSnapshot(userId, read);
  return snapshot === undefined ? undefined : (snapshot?.leaderboard ?? null);
}

/** The player's champions as last synced (for the battle screen offline); null when none saved. */
export function useLastKnownChampions(userId: number, read = true): CardDto[] | null | undefined {
  const snapshot = usePlayerSnapshot(userId, read);
  return snapshot === undefined ? undefined : (snapshot?.champions ?? null);
}
