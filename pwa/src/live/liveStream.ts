import type { QueryClient } from "@tanstack/react-query";
import type { LiveEventType } from "@contract/events";
import { dispatchLiveEvent, setLiveUp } from "./liveEvents";

const TYPES: LiveEventType[] = ["hello", "chat", "trade", "battle", "coins", "reward", "rank", "deploy", "resync"];
/** Ids already applied: a replay starts a little before the last one seen (commits finish out of id order). */
const SEEN_MAX = 500;
const RETRY_MS = [2_000, 5_000, 15_000, 30_000, 60_000];

/** The last event id this page has applied: a stream opened again (back online) resumes after it. */
let lastEventId: string | null = null;
const seen = new Set<string>();

function remember(id: string): boolean {
  if (seen.has(id)) return false;
  seen.add(id);
  if (seen.size > SEEN_MAX) seen.delete(seen.values().next().value!);
  if (!lastEventId || Number(id) > Number(lastEventId)) lastEventId = id;
  return true;
}

/**
 * Opens the tab's event stream and keeps it open: EventSource reconnects by itself after a dropped
 * connection (sending Last-Event-ID); when the server refuses it (signed out, a restart answering
 * 503), it is opened again with a backoff. Returns the function that closes it for good.
 */
export function openLiveStream(queryClient: QueryClient): () => void {
  let source: EventSource | null = null;
  let retry: number | undefined;
  let attempt = 0;
  let stopped = false;

  const connect = () => {
    const url = lastEventId ? `/api/events?lastEventId=${encodeURIComponent(lastEventId)}` : "/api/events";
    const es = new EventSource(url);
    source = es;
    for (const type of TYPES) {
      es.addEventListener(type, (event) => {
        const message = event as MessageEvent<string>;
        if (message.lastEventId && !remember(message.lastEventId)) return;
        if (type === "hello") {
          attempt = 0;
          setLiveUp(true);
        }
        let data: unknown;
        try {
          data = JSON.parse(message.data);
        } catch {
          return;
        }
        dispatchLiveEvent(type, data as never, queryClient);
      });
    }
    es.onerror = () => {
      // CONNECTING: the browser retries by itself (retry: 3000 from the server). CLOSED: refused.
      setLiveUp(false);
      if (es.readyState === EventSource.CLOSED && !stopped) {
        es.close();
        retry = window.setTimeout(connect, RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)]);
      }
    };
  };

  connect();
  return () => {
    stopped = true;
    window.clearTimeout(retry);
    source?.close();
    setLiveUp(false);
  };
}
