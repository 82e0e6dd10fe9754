import { getSession, onSessionCleared, subscribeSession } from "../lib/session";
import { deleteOtherPlayersMirrors, deletePlayerMirror } from "./collectionMirror";
import { savePlayerSnapshot } from "./playerSnapshot";
import { SYNCED_ATTRIBUTE } from "./syncSignal";

/** Per-player localStorage keys older versions kept (the rewards list and claims of the device). */
const PLAYER_STORAGE_PREFIXES = ["foilbound-rewards-v1-"];

/** Removes the per-player localStorage entries of one player, or of everyone but `keep`. */
function forgetStoredPlayers(which: { only: number } | { keep: number }): void {
  try {
    for (let i = localStorage.length - 1; i >= 0; i--) {
      const key = localStorage.key(i);
      const prefix = key && PLAYER_STORAGE_PREFIXES.find((p) => key.startsWith(p));
      if (!key || !prefix) continue;
      const id = Number(key.slice(prefix.length));
      if ("only" in which ? id === which.only : id !== which.keep) localStorage.removeItem(key);
    }
  } catch {
    // Storage unavailable: nothing was kept there either.
  }
}

/**
 * Ties the mirror to the session, once per page: the signed-in player's user answer is kept,
 * another player's copy is dropped when someone else signs in, and signing out deletes the
 * player's own copy, Dexie rows and localStorage entries alike (a shared device keeps nobody's data).
 */
export function installOfflineMirror(): void {
  let lastUserId: number | null = null;
  let lastSaved: unknown = null;

  const onSession = () => {
    const { user, isAuthenticated } = getSession();
    if (!isAuthenticated || !user) return;
    if (user.id !== lastUserId) {
      lastUserId = user.id;
      void deleteOtherPlayersMirrors(user.id);
      forgetStoredPlayers({ keep: user.id });
    }
    // Every commit hands over a new object; skip the write when nothing changed.
    if (user !== lastSaved) {
      lastSaved = user;
      void savePlayerSnapshot(user);
    }
  };
  subscribeSession(onSession);
  onSession();

  onSessionCleared(() => {
    if (lastUserId !== null) {
      void deletePlayerMirror(lastUserId);
      forgetStoredPlayers({ only: lastUserId });
    }
    document.documentElement.removeAttribute(SYNCED_ATTRIBUTE);
    lastUserId = null;
    lastSaved = null;
  });
}
