import type { UserDto } from "@contract/user";
import { readStored } from "./storage";

// The remembered player as browser storage keeps it (SPEC.md section 3: the game's auth key,
// version 1). Apart from lib/session.ts so boot.ts can read it without loading React.

export const SESSION_STORAGE_KEY = "foilbound-auth";
export const SESSION_VERSION = 1;

export interface StoredSession {
  version: number;
  user: UserDto | null;
  isAuthenticated: boolean;
}

/** The remembered signed-in player, or null. */
export function readRememberedUser(): UserDto | null {
  const stored = readStored<StoredSession>(SESSION_STORAGE_KEY);
  return stored?.version === SESSION_VERSION && stored.isAuthenticated && stored.user ? stored.user : null;
}
