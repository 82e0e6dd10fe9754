import type { QueryClient } from "@tanstack/react-query";
import { rewardsQueryOptions } from "../../features/rewards/api";
import { nextTask } from "../../lib/loadInStages";
import { rankQueryOptions } from "../../lib/rank";
import { signedInThisPage } from "../../lib/session";
import { collectionQueryOptions } from "../../offline/collectionQuery";
import { startSignInSave } from "../../offline/playerSync";

/**
 * What the signed-in shell reads on every view (the header's rank, the rewards badge), and the
 * opening view's own read where it has one. Started as soon as the player and the game's code are
 * known, one per task, before React mounts the views: mounted together, the views' queries
 * started every request in one commit (~45 ms of one task at 4x CPU in Lighthouse's trace of
 * /collection), and the answers only began to come back after it.
 */
function firstReads(queryClient: QueryClient, userId: number, pathname: string): Array<() => Promise<void>> {
  const reads = [() => queryClient.prefetchQuery(rankQueryOptions(userId)), () => queryClient.prefetchQuery(rewardsQueryOptions(userId))];
  if (pathname === "/collection") reads.push(() => queryClient.prefetchQuery(collectionQueryOptions(userId)));
  return reads;
}

const started = new Set<number>();

/**
 * Prefetches the first reads of this player once per page load; a read the cache holds fresh or
 * has on its way is not asked again, and a view mounting later joins the request in flight.
 */
export async function startFirstReads(queryClient: QueryClient, userId: number, pathname: string): Promise<void> {
  if (started.has(userId)) return;
  started.add(userId);
  for (const read of firstReads(queryClient, userId, pathname)) {
    await nextTask();
    void read();
  }
  // A sign-in on this page: the device's copy is saved now, not in idle time (issue 45).
  if (signedInThisPage(userId)) void startSignInSave(queryClient, userId);
}
