import { useEffect, useState, useSyncExternalStore } from "react";
import { MSG } from "@contract/messages";
import { onSessionCleared, signedInThisPage } from "../lib/session";
import { Icon } from "../lib/ui/Icon";
import { releaseMirrorWrites } from "./db";
import "./signInSave.css";

// The save a sign-in on this page asks for (issue 45): a player who signs in on a new device and
// goes offline seconds later finds the whole collection and summary there. It starts with the
// shell's first reads (firstReads.ts), before the shell has rendered, and waits neither for a
// quiet page and an idle moment nor for the idle-time warm-ups (art, sounds, the reveal); each of
// its steps is a task of its own (one request per task, Dexie's code, each write, the cards 50 at
// a time: collectionMirror.ts), so none is a long task. A note says so until it is done.
// Only a sign-in loads this module (playerSync.ts, which hands it the sync to run): a visit of a
// remembered player never does, so none of it weighs on the first load.

interface SignInSave {
  userId: number;
  state: "saving" | "saved" | "failed";
  done: Promise<boolean>;
}

let signInSave: SignInSave | null = null;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

/**
 * Starts the save (`sync`: playerSync's, at once) of a player who signed in on this page, unless
 * one is on its way (its promise is returned) or done (null, as for a player who did not sign in
 * here). A failed one starts again.
 */
export function startSignInSave(userId: number, sync: (signal: AbortSignal) => Promise<boolean>): Promise<boolean> | null {
  if (!signedInThisPage(userId)) return null;
  if (signInSave?.userId === userId && signInSave.state !== "failed") return signInSave.state === "saving" ? signInSave.done : null;
  const controller = new AbortController();
  releaseMirrorWrites();
  const save: SignInSave = { userId, state: "saving", done: sync(controller.signal) };
  signInSave = save;
  changed();
  const settle = (saved: boolean) => {
    save.state = saved ? "saved" : "failed";
    changed();
  };
  save.done.then(settle, () => settle(false));
  // A sign-out stops it, and the next sign-in (the same player's too) saves afresh.
  const forget = onSessionCleared(() => {
    forget();
    controller.abort();
    if (signInSave === save) signInSave = null;
    changed();
  });
  return save.done;
}

/** Whether this player's sign-in save has finished (the shell's first sync is then not needed). */
export function signInSaved(userId: number): boolean {
  return signInSave?.userId === userId && signInSave.state === "saved";
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * "Saving your collection for offline..." while the sign-in's save is on its way: a player about to
 * go offline knows to wait a moment. Small, in a corner, out of the layout and of the way of taps.
 * The status region is mounted empty first, so screen readers announce the note when it comes.
 */
export function SavingForOfflineNote() {
  const saving = useSyncExternalStore(subscribe, () => signInSave?.state === "saving");
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <div className="offline-save-note" role="status">
      {mounted && saving && (
        <p className="offline-save-note__text">
          <Icon name="download" size={14} />
          {MSG.collectionSavingForOffline}
        </p>
      )}
    </div>
  );
}
