import { onlineManager, QueryClient } from "@tanstack/react-query";
import { ApiError } from "./http";

/**
 * Server data cache: a client error (4xx) is an answer, not a glitch, so it is not retried here.
 * A read refused for coming too fast (429) has already been asked again after its Retry-After by
 * the http client (lib/http.ts), for every caller, queries or not.
 */
export function createQueryClient(): QueryClient {
  // TanStack assumes a network until the first 'offline' event: a page loaded offline would run
  // every query, fail and show 'Failed to load'. Start from the browser's answer instead, so the
  // queries pause and run by themselves on 'online' (refetchOnReconnect, the default, stays on).
  if (typeof navigator !== "undefined") onlineManager.setOnline(navigator.onLine !== false);
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          return failureCount < 2;
        },
      },
      mutations: { retry: false },
    },
  });
}
