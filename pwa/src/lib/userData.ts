import { useQuery, type QueryClient } from "@tanstack/react-query";
import { FALLBACK } from "@contract/messages";
import type { UserDto } from "@contract/user";
import { ApiError, apiRequest } from "./http";
import { useLivePoll } from "../live/liveEvents";
import { clearSession, getSession, updateUser, useSession } from "./session";

// GET /api/user: the player's coins, gems and counters, refreshed every 5 minutes while signed in
// (SPEC.md section 4). Any feature that changes them (a pack, a claim, a purchase) calls
// refreshUserData instead of fetching on its own.

export const userQueryKey = ["user"] as const;
const REFRESH_INTERVAL_MS = 5 * 60 * 1000;

async function fetchUserData(): Promise<UserDto> {
  try {
    const user = await apiRequest<UserDto>("/user", { fallback: FALLBACK.userData });
    updateUser(user);
    return user;
  } catch (err) {
    // SPEC.md section 8: user-data failures are only logged. A 401 means the server ended the
    // session (expired, password changed elsewhere): the player is signed out locally too.
    if (err instanceof ApiError && err.status === 401) clearSession();
    else console.warn(err instanceof Error ? err.message : FALLBACK.userData);
    throw err;
  }
}

/** GET /api/user as a query (the session's user is updated from every answer). */
export const userQueryOptions = { queryKey: userQueryKey, queryFn: fetchUserData } as const;

/** Keeps the signed-in user's data fresh; mount once inside the signed-in shell. */
export function useUserDataSync(): void {
  const { isAuthenticated } = useSession();
  useQuery({
    ...userQueryOptions,
    enabled: isAuthenticated,
    // The session check has just loaded the user: start from it instead of fetching it twice.
    initialData: () => getSession().user ?? undefined,
    initialDataUpdatedAt: () => Date.now(),
    refetchInterval: useLivePoll(REFRESH_INTERVAL_MS),
    refetchIntervalInBackground: false,
    retry: false,
  });
}

/** Fetches the user data again now (after anything that changed coins, gems or counters). */
export function refreshUserData(queryClient: QueryClient): Promise<void> {
  // A read already on its way answers this request too (it was sent after the change).
  return queryClient.invalidateQueries({ queryKey: userQueryKey }, { cancelRefetch: false });
}
