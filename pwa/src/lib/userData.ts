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

/** GET /api/user once; the session's user takes the answer. */
async function readUser(): Promise<UserDto> {
  const user = await apiRequest<UserDto>("/user", { fallback: FALLBACK.userData });
  updateUser(user);
  return user;
}

async function fetchUserData(): Promise<UserDto> {
  try {
    return await readUser();
  } catch (err) {
    // SPEC.md section 8: user-data failures are only logged. A 401 means the server ended the
    // session (expired, password changed elsewhere): the player is signed out locally too, once
    // a second read confirms it.
    if (err instanceof ApiError && err.status === 401) {
      const renewed = await readAgainAfterRenewal();
      if (renewed) return renewed;
      clearSession();
    } else console.warn(err instanceof Error ? err.message : FALLBACK.userData);
    throw err;
  }
}

/** How long a 401 waits before the second read (a renewal's answer is milliseconds behind it). */
const RENEWAL_GRACE_MS = 1_000;

/**
 * Changing or removing the password ends every session, then signs this device in again with a
 * new cookie. A read sent in between carried the old cookie and got a 401 (seen in a browser test:
 * the player was sent to sign-in right after removing their password). Asked again a moment
 * later, with the cookie the browser holds by then: the user when this device is signed in.
 */
async function readAgainAfterRenewal(): Promise<UserDto | null> {
  await new Promise((resolve) => setTimeout(resolve, RENEWAL_GRACE_MS));
  return readUser().catch(() => null);
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
