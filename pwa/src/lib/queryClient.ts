import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./http";

/** Server data cache: a client error (4xx) is an answer, not a glitch, so it is not retried. */
export function createQueryClient(): QueryClient {
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
