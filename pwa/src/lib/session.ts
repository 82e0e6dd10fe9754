import { useSyncExternalStore } from "react";
import type { UserDto } from "@contract/user";
import { removeStored, writeStored } from "./storage";
import { readRememberedUser, SESSION_STORAGE_KEY, SESSION_VERSION, type StoredSession } from "./storedSession";

// The signed-in player, shared by every feature (header, account, packs, ...), which is why it
// lives in lib and not inside features/auth. SPEC.md section 3: the user and the authenticated
// flag persist in browser storage under the game's auth key, version 1. The auth feature owns
// the transitions that talk to the server (authenticate, login, register, logout).

export interface Session {
  user: UserDto | null;
  isAuthenticated: boolean;
  /** False until the start-up session check has ended (SPEC.md: the loading screen). */
  checked: boolean;
}

function loadStored(): Session {
  const user = readRememberedUser();
  return { user, isAuthenticated: user !== null, checked: false };
}

let current: Session = loadStored();
const listeners = new Set<() => void>();
const clearListeners = new Set<() => void>();

function commit(next: Session) {
  current = next;
  const stored: StoredSession = { version: SESSION_VERSION, user: next.user, isAuthenticated: next.isAuthenticated };
  if (next.isAuthenticated) writeStored(SESSION_STORAGE_KEY, stored);
  else removeStored(SESSION_STORAGE_KEY);
  for (const listener of listeners) listener();
}

export function getSession(): Session {
  return current;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current session; re-renders on every change. */
export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** The signed-in user, for screens that only render inside the signed-in shell. */
export function useSignedInUser(): UserDto {
  const { user } = useSession();
  if (!user) throw new Error("useSignedInUser called outside the signed-in shell");
  return user;
}

/** The player who signed in through the form in this page (not remembered, nor checked at start-up). */
let signedInHere: number | null = null;

/** `byForm`: a login or sign-up just now, on this page (a new device, perhaps: offline/signInSave.tsx). */
export function setSignedIn(user: UserDto, byForm = false): void {
  if (byForm) signedInHere = user.id;
  commit({ user, isAuthenticated: true, checked: true });
}

/** Whether this player signed in through the form in this page. */
export function signedInThisPage(userId: number): boolean {
  return signedInHere === userId;
}

/** Replaces or patches the user after a server reply (new coins, a new display name, ...). */
export function updateUser(patch: Partial<UserDto> | UserDto): void {
  if (!current.user) return;
  commit({ ...current, user: { ...current.user, ...patch } });
}

/** Ends the start-up check, keeping whatever session is known (used when offline). */
export function markSessionChecked(): void {
  if (!current.checked) commit({ ...current, checked: true });
}

/** Forgets the player: user, flag and every per-player cache that registered for it. */
export function clearSession(): void {
  signedInHere = null;
  commit({ user: null, isAuthenticated: false, checked: true });
  for (const listener of clearListeners) listener();
}

/** Lets caches of player data (query cache, later the offline collection) empty on sign-out. */
export function onSessionCleared(listener: () => void): () => void {
  clearListeners.add(listener);
  return () => clearListeners.delete(listener);
}
