import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { championsQueryOptions } from "../features/battle/api";
import { fetchLeaderboardPage, PAGE_SIZE, pageOffsetOf } from "../features/leaderboard/api";
import { fetchRewards, rewardsQueryKey } from "../features/rewards/api";
import { nextTask } from "../lib/loadInStages";
import { quietIdle } from "../lib/quietIdle";
import { rankQueryOptions } from "../lib/rank";
import { getSession, signedInThisPage } from "../lib/session";
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
// quiet idle time (never in the first screen's way), and again after anything that moves it;
// right after a sign-in on this page it runs at once (issue 45: a new device may go offline soon).

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
 * conditional GET (collectionQuery.ts), or at once when the copy is wanted `soon`. Resolves true
 * once all of it is saved, false when it stopped (a sign-out, the effect ended).
 */
export async function syncPlayerData(queryClient: QueryClient, userId: number, collection: boolean, signal: AbortSignal, soon = false): Promise<boolean> {
  const current = () => !signal.aborted && getSession().user?.id === userId;
  // The screens read the user, the rank and the rewards again after the same pack, claim or trade
  // (their own listeners): an answer that recent is the one to save, not a second request for it.
  const recent = { staleTime: RECENT_ANSWER_MS } as const;
  const leaderboardDue = collection || Date.now() - (leaderboardFetchedAt.get(userId) ?? -Infinity) >= LEADERBOARD_EVERY_MS;
  // Soon after a sign-in the shell is still rendering: one request started per task, as its first reads are.
  let turn = Promise.resolve();
  const inTurn = <T>(request: () => Promise<T>): Promise<T> => {
    if (!soon) return request();
    turn = turn.then(nextTask);
    return turn.then(request);
  };
  const [, rank, rewards, champions, firstPage] = await Promise.all([
    // The cards first: most of what there is to save (after a sign-in, the first reads have asked
    // for the rank and the rewards already, which these join).
    collection ? inTurn(() => syncCollection(queryClient, userId, signal, soon)) : null,
    inTurn(() => queryClient.fetchQuery({ ...rankQueryOptions(userId), ...recent })),
    inTurn(() => queryClient.fetchQuery({ queryKey: rewardsQueryKey(userId), queryFn: ({ signal: s }) => fetchRewards(s), ...recent })),
    // Always asked (no screen refreshes them after a pack), through the battle screen's query:
    // its 'Your Champions' then shows this answer without asking again.
    inTurn(() => queryClient.fetchQuery({ ...championsQueryOptions, staleTime: 0 })),
    leaderboardDue ? inTurn(() => fetchLeaderboardPage(0, signal)) : null,
    inTurn(() => queryClient.fetchQuery({ ...userQueryOptions, ...recent })),
    // Issue 48: the wishlist and the spares, saved by their own queries, readable offline like the
    // cards. Only in a full sync, from a chunk of their own (not the shell's); a failure here does
    // not fail the sync.
    collection ? inTurn(() => syncTradeFinder(queryClient, userId)).catch(() => null) : null,
  ]);
  const ownPage = firstPage && rank.rank && rank.rank > PAGE_SIZE ? await fetchLeaderboardPage(pageOffsetOf(rank.rank), signal) : [];
  if (!current()) return false;
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
  if (!current()) return false;
  document.documentElement.setAttribute(SYNCED_ATTRIBUTE, syncedAt);
  return true;
}

async function syncTradeFinder(queryClient: QueryClient, userId: number): Promise<void> {
  const { sparesQuery, wishlistQuery } = await import("../features/tradeFinder/api");
  const recent = { staleTime: RECENT_ANSWER_MS } as const;
  await Promise.all([queryClient.fetchQuery({ ...wishlistQuery(userId), ...recent }), queryClient.fetchQuery({ ...sparesQuery(userId), ...recent })]);
}

/** The sign-in's own save and its note (issue 45), fetched only after a sign-in on this page. */
export const loadSignInSave = () => import("./signInSave");

/**
 * The save a sign-in on this page asks for: this player's whole copy, at once (signInSave.tsx).
 * Null when there is nothing to start or join.
 */
export async function startSignInSave(queryClient: QueryClient, userId: number): Promise<Promise<boolean> | null> {
  const { startSignInSave: start } = await loadSignInSave();
  return start(userId, (signal) => syncPlayerData(queryClient, userId, true, signal, true));
}

/**
 * Mount once in the signed-in shell: syncs in quiet idle time after a load, when the network comes
 * back, every 5 minutes, and after a pack, a trade or a claim. After a sign-in on this page it
 * joins that sign-in's save instead (started again at once if it failed). One sync at a time; a
 * request meanwhile runs once more after it.
 */
export function usePlayerSync(userId: number): void {
  const queryClient = useQueryClient();
  const online = useOnlineStatus();
  const mounted = useRef(false);
  useEffect(() => {
    if (!online) return;
    const controller = new AbortController();
    let running: Promise<unknown> | null = null;
    let again: boolean | null = null; // null: nothing waiting; else whether it needs the cards
    const settle = (sync: Promise<unknown>) => {
      running = sync
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
    // After the first screen's own requests (pageQuiet), then in an idle moment without scrolling.
    const inIdleTime = (collection: boolean) =>
      pageQuiet()
        .then(() => quietIdle(controller.signal))
        .then(() => syncPlayerData(queryClient, userId, collection, controller.signal));
    const run = (collection: boolean) => {
      if (running) again = (again ?? false) || collection;
      else settle(inIdleTime(collection));
    };
    // Coming online (this effect re-runs) or a load: everything, cards included. A sign-in on this
    // page has its own save: joined (started again if it failed), or done already.
    const firstRun = !mounted.current;
    mounted.current = true;
    if (!signedInThisPage(userId)) run(true);
    else {
      const joined = startSignInSave(queryClient, userId).then(async (save) => {
        if (save) return save;
        // Saved before the shell mounted: no first sync. Back online later: a sync as usual.
        if (firstRun && (await loadSignInSave()).signInSaved(userId)) return null;
        return inIdleTime(true);
      });
      settle(joined);
    }
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
