import { getSession, onSessionCleared, subscribeSession } from "../lib/session";
import { deleteOtherPlayersMirrors, deletePlayerMirror } from "./collectionMirror";
import { savePlayerSnapshot } from "./playerSnapshot";

/**
 * Ties the mirror to the session, once per page: the signed-in player's user answer is kept,
 * another player's copy is dropped when someone else signs in, and signing out deletes the
 * player's own copy (a shared device keeps nobody's cards).
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
    if (lastUserId !== null) void deletePlayerMirror(lastUserId);
    lastUserId = null;
    lastSaved = null;
  });
}
