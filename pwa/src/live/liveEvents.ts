import { useSyncExternalStore } from "react";
import type { QueryClient } from "@tanstack/react-query";
import type { LiveEventType, LiveEvents } from "@contract/events";

// Issue 47: the one event stream of this tab (GET /api/events), the handlers features register for
// its events, and whether it is up (polls stop while it is).

type Handler<T extends LiveEventType> = (data: LiveEvents[T], queryClient: QueryClient) => void;
const handlers = new Map<LiveEventType, Set<Handler<any>>>();

/** A feature's reaction to an event: usually a setQueryData or the invalidation of exactly what changed. */
export function onLiveEvent<T extends LiveEventType>(type: T, handler: Handler<T>): () => void {
  let set = handlers.get(type);
  if (!set) handlers.set(type, (set = new Set()));
  set.add(handler);
  return () => set.delete(handler);
}

export function dispatchLiveEvent<T extends LiveEventType>(type: T, data: LiveEvents[T], queryClient: QueryClient): void {
  for (const handler of handlers.get(type) ?? []) {
    try {
      handler(data, queryClient);
    } catch (err) {
      console.warn("live event handler failed", type, err);
    }
  }
}

let up = false;
const watchers = new Set<() => void>();

export function setLiveUp(value: boolean): void {
  if (up === value) return;
  up = value;
  // Readable from outside (browser tests, an operator's devtools): whether this tab's stream is up.
  document.documentElement.dataset.live = value ? "up" : "down";
  for (const w of watchers) w();
}

export function isLiveUp(): boolean {
  return up;
}

function subscribe(listener: () => void) {
  watchers.add(listener);
  return () => watchers.delete(listener);
}

/** Whether the stream is connected, kept current. */
export function useLiveUp(): boolean {
  return useSyncExternalStore(subscribe, isLiveUp, () => false);
}

/** A query's refetchInterval: `ms` while the stream is down, none while it is up (its events keep the query current). */
export function useLivePoll(ms: number): number | false {
  return useLiveUp() ? false : ms;
}
