import type { QueryObserverResult } from "@tanstack/react-query";
import { useOnlineStatus } from "./useOnlineStatus";

// One reading of a server query for screens that must stay honest offline. TanStack Query pauses a
// query while offline (fetchStatus "paused", status still "pending"): that is "offline", never
// "loading"; and a failure seen while offline is the missing network, not an error to show.

/** What a screen shows for one query. */
export interface QueryOfflineView {
  /** The device has no network (or the query is waiting for it). */
  offline: boolean;
  /** First load under way, online: show the loading text. */
  loading: boolean;
  /** A failure to show (never while offline). */
  error: Error | null;
  /** Offline, showing data loaded earlier in this page: mark it as last seen. */
  lastKnown: boolean;
  /** Offline with nothing loaded yet: say it comes back with the network. */
  missing: boolean;
}

type QueryState = Pick<QueryObserverResult<unknown, Error>, "status" | "fetchStatus" | "error" | "data">;

export function queryOfflineView(query: QueryState, online: boolean): QueryOfflineView {
  const offline = !online || query.fetchStatus === "paused";
  const hasData = query.data !== undefined;
  return {
    offline,
    loading: !offline && query.status === "pending",
    error: !offline && query.status === "error" ? query.error : null,
    lastKnown: offline && hasData,
    missing: offline && !hasData,
  };
}

/** queryOfflineView for a query of this component, kept current with the network. */
export function useQueryOffline(query: QueryState): QueryOfflineView {
  return queryOfflineView(query, useOnlineStatus());
}
