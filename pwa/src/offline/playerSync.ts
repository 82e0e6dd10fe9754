import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { championsQueryOptions } from "../features/battle/api";
import { fetchLeaderboardPage, PAGE_SIZE, pageOffsetOf } from "../features/leaderboard/api";
import { fetchRewards, rewardsQueryKey } from "../features/rewards/api";
import { quietIdle } from "../lib/quietIdle";
import { rankQueryOptions } from "../lib/rank";
import { getSession } from "../lib/session";
import { useOnlineStatus } from "../lib/useOnlineStatus";
import { userQueryOptions } from "../lib/userData";
import { collectionSaved, syncCollection } from "./collectionQuery";
import { pageQuiet } from "./db";
import { mergeLeaderboardRows } from "./leaderboardSnapshot";
import { saveSummarySnapshot } from "./playerSnapshot";
import { SYNCED_ATTRIBUTE } from "./syncSignal";

// Keeps the device's copy of the signed-in player whole (issue 12): the full collection and the
// summary (user, rank, rewards with claimed flags, champions, the leaderboard around the player),
// so every screen has the server's last word offline, even screens never opened online. Runs in
// quiet idle time (never in the first screen's way), and again after anything that moves it.

/** The periodic refresh, like the user data's (SPEC.md section 4). */
const SUMMARY_EVERY_MS = 5 * 60 * 1000;
/** An answer the screens fetched this recently is saved as it is. */
const RECENT_ANSWER_MS = 5_000;
/**
 * After a pack or a claim, the leaderboard's pages are read again at most this often: a player
 * opening pack after pack asked the server for the leaderboard each time (its heaviest read), for
 * an offline copy. A full sync (load, sign-in, coming online, a trade, every 5 minutes) always reads them.
 */
const LEADERBOARD_EVERY_MS = 60_000;
const leaderboardFetchedAt = new Map<number, number>();


/**
 * Reads everything from the server and saves it, replacing the player's copy. `collection` false
 * skips the cards (a pack appends its own; a claim moves none); with it, the cards come by a
 * conditional GET (collectionQuery.ts).
 */
export async function syncPlayerData(queryClient: QueryClient, userId: number, collection: boolean, signal: AbortSignal): Promise<void> {
  const current = () => !signal.aborted && getSession().user?.id === userId;
  // The screens read the user, the rank and the rewards again after the same pack, claim or trade
  // (their own listeners): an answer that recent is the one to save, not a second request for it.
  const recent = { staleTime: RECENT_ANSWER_MS } as const;
  const leaderboardDue = collection || Date.now() - (leaderboardFetchedAt.get(userId) ?? -Infinity) >= LEADERBOARD_EVERY_MS;
  const [rank, rewards, champions, firstPage] = await Promise.all([
    queryClient.fetchQuery({ ...rankQueryOptions(userId), ...recent }),
    queryClient.fetchQuery({ queryKey: rewardsQueryKey(userId), queryFn: ({ signal: s }) => fetchRewards(s), ...recent }),
    // Always asked (no screen refreshes them after a pack), through the battle screen's query:
    // its 'Your Champions' then shows this answer without asking again.
    queryClient.fetchQuery({ ...championsQueryOptions, staleTime: 0 }),
    leaderboardDue ? fetchLeaderboardPage(0, signal) : null,
    queryClient.fetchQuery({ ...userQueryOptions, ...recent }),
    collection ? syncCollection(queryClient, userId, signal) : null,
  ]);
  const ownPage = firstPage && rank.rank && rank.rank > PAGE_SIZE ? await fetchLeaderboardPage(pageOffsetOf(rank.rank), signal) : [];
  if (!current()) return;
  const syncedAt = new Date().toISOString();
  if (firstPage) leaderboardFetchedAt.set(userId, Date.now());
  const user = getSession().user;
  await saveSummarySnapshot(userId, {
    ...(user?.id === userId ? { user } : {}),
    rank,
    rewards,
    rewardsSyncedAt: syncedAt,
    champions,
    // Skipped: the saved rows stay, with the time they were read (the screen says it).
    ...(firstPage ? { leaderboard: { entries: mergeLeaderboardRows(firstPage, ownPage), players: rank.players, syncedAt } } : {}),
    syncedAt,
  });
  if (collection) await collectionSaved(userId);
  if (current()) document.documentElement.setAttribute(SYNCED_ATTRIBUTE, syncedAt);
}

/**
 * Mount once in the signed-in shell: syncs in quiet idle time after sign-in (or a load), when the
 * network comes back, every 5 minutes, and after a pack, a trade or a claim. One sync at a time;
 * a request meanwhile runs once more after it.
 */
export function usePlayerSync(userId: number): void {
  const queryClient = useQueryClient();
  const online = useOnlineStatus();
  useEffect(() => {
    if (!online) return;
    const controller = new AbortController();
    let running: Promise<void> | null = null;
    let again: boolean | null = null; // null: nothing waiting; else whether it needs the cards
    const run = (collection: boolean) => {
      if (running) {
        again = (again ?? false) || collection;
        return;
      }
      // After the first screen's own requests (pageQuiet), then in an idle moment without scrolling.
      running = pageQuiet()
        .then(() => quietIdle(controller.signal))
        .then(() => syncPlayerData(queryClient, userId, collection, controller.signal))
        .catch((err: unknown) => {
          if (!controller.signal.aborted) console.warn("Offline copy: sync failed", err);
        })
        .finally(() => {
          running = null;
          if (again !== null && !controller.signal.aborted) {
            const next = again;
            again = null;
            run(next);
          }
        });
    };
    // Coming online (this effect re-runs) or signing in: everything, cards included.
    run(true);
    const summary = () => run(false);
    const everything = () => run(true);
    window.addEventListener("pack-opened", summary);
    window.addEventListener("reward-claimed", summary);
    window.addEventListener("trade-completed", everything);
    // The cards' conditional GET costs little when nothing changed (a 304).
    const timer = window.setInterval(everything, SUMMARY_EVERY_MS);
    return () => {
      controller.abort();
      window.clearInterval(timer);
      window.removeEventListener("pack-opened", summary);
      window.removeEventListener("reward-claimed", summary);
      window.removeEventListener("trade-completed", everything);
    };
  }, [online, userId, queryClient]);
}
