import { useEffect, useState } from "react";
import { nextTask } from "../lib/loadInStages";
import { quietIdle } from "../lib/quietIdle";
import type { OfflineDatabase } from "./dexieDb";
import type { PlayerSnapshot } from "./types";

export type { LeaderboardSnapshot, PlayerSnapshot, RankSnapshot } from "./types";
export type { OfflineDatabase } from "./dexieDb";

// The device's copy (IndexedDB through Dexie) without Dexie on the start-up path (issue 11: Dexie
// was the 32 kB gzip that put /collection over its eager-JS budget). Dexie is imported when the
// copy is needed:
// - to read it: offline, or when the server fails or is slow to answer (the screens decide);
// - to write it: writes queue up and run, in order, once the page is quiet (loaded, no resource
//   finished for a while, an idle moment), so they never compete with the first screen's own
//   requests and rendering on a phone; at once when the network drops, the page is hidden or
//   closed (the copy must be saved before the player leaves), or a sign-out deletes a copy.

type DexieModule = typeof import("./dexieDb");

let dexieModule: Promise<DexieModule | null> | null = null;

/** Dexie's module, imported once; null when it cannot be loaded (offline before it was cached). */
function loadDexie(): Promise<DexieModule | null> {
  // The first read or write waits a task after the module has run: Dexie's evaluation and the
  // database's opening and first queries were one task of ~110 ms at 4x CPU (traced on a signed-in
  // first visit of /collection), now two of about half that. The opening (on a new device, the
  // creation of the stores) is a task apart from the first queries too (issue 45: a sign-in's save).
  dexieModule ??= import("./dexieDb").then(async (module) => {
    await nextTask();
    // A database that cannot open fails each read and write, which say so (mirrorWrite, useDeviceRead).
    await module.offlineDb()?.open().catch(() => {});
    await nextTask();
    return module;
  }).catch((err: unknown) => {
    console.warn("Offline copy: could not load the database code", err);
    dexieModule = null; // try again next time
    return null;
  });
  return dexieModule;
}

/** No resource finished for this long: the first screen has what it asked for. */
const NETWORK_QUIET_MS = 1500;
/** Writes wait at most this long, however busy the page stays. */
const MAX_WRITE_DELAY_MS = 10_000;

let releaseWrites: () => void = () => {};
const writesReleased = new Promise<void>((resolve) => (releaseWrites = resolve));
let gateArmed = false;

/** Resolves after the load event once no resource has finished for NETWORK_QUIET_MS. */
function networkQuiet(): Promise<void> {
  return new Promise((resolve) => {
    const start = () => {
      let timer = setTimeout(done, NETWORK_QUIET_MS);
      const observer =
        typeof PerformanceObserver === "function"
          ? new PerformanceObserver(() => {
              clearTimeout(timer);
              timer = setTimeout(done, NETWORK_QUIET_MS);
            })
          : null;
      observer?.observe({ type: "resource" });
      function done() {
        observer?.disconnect();
        resolve();
      }
    };
    if (document.readyState === "complete") start();
    else window.addEventListener("load", start, { once: true });
  });
}

/** Sets up, once, what lets the queued writes run. */
function armWriteGate(): void {
  if (gateArmed) return;
  gateArmed = true;
  const now = () => releaseWrites();
  window.addEventListener("offline", now, { once: true });
  window.addEventListener("pagehide", now, { once: true });
  document.addEventListener("visibilitychange", () => document.visibilityState === "hidden" && now());
  setTimeout(now, MAX_WRITE_DELAY_MS);
  void networkQuiet()
    .then(() => quietIdle())
    .then(now, now);
}

/** Resolves when queued writes may run: the first screen has loaded and gone quiet (or the 10 s cap). */
export function pageQuiet(): Promise<void> {
  armWriteGate();
  return writesReleased;
}

/**
 * Lets queued writes run from now on without waiting for the page to go quiet: the copy is wanted
 * soon (a sign-in on this page, maybe a new device about to go offline: signInSave.tsx).
 */
export function releaseMirrorWrites(): void {
  releaseWrites();
}

let queue: Promise<void> = Promise.resolve();

/**
 * Queues a write of the device's copy; writes run one after another in the order they were asked
 * for. `urgent` runs the queue now (a sign-out's deletion must not wait). A failing copy (quota,
 * blocked storage, no IndexedDB) never breaks the game itself.
 */
export function mirrorWrite(label: string, write: (db: OfflineDatabase) => Promise<unknown>, urgent = false): Promise<void> {
  armWriteGate();
  if (urgent) releaseWrites();
  const run = queue
    .then(() => writesReleased)
    .then(loadDexie)
    .then(async (dexie) => {
      const db = dexie?.offlineDb();
      if (!db) return;
      // Each write starts a task of its own: a sign-in's writes come one after another (issue 45),
      // and one ending and the next starting were one task.
      await nextTask();
      try {
        await write(db);
      } catch (err) {
        console.warn(`Offline copy: ${label} failed`, err);
      }
    });
  queue = run;
  return run;
}

/** A one-off read of the device's copy, in turn with the queued writes; null when it failed. */
export function mirrorRead<T>(label: string, read: (db: OfflineDatabase) => Promise<T>): Promise<T | null> {
  let result: T | null = null;
  return mirrorWrite(label, async (db) => {
    result = await read(db);
  }).then(() => result);
}

/**
 * A live read of the device's copy, only while `enabled`: undefined while off or loading, null
 * where there is no copy to read (no IndexedDB, Dexie not loadable, a failed read). Reading means
 * the copy is in use, so queued writes run first.
 */
export function useDeviceRead<T>(enabled: boolean, read: (db: OfflineDatabase) => Promise<T>, key: string): T | null | undefined {
  const [state, setState] = useState<{ key: string; value: T | null } | undefined>(undefined);
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    let subscription: { unsubscribe(): void } | undefined;
    releaseWrites();
    void loadDexie().then((dexie) => {
      if (cancelled) return;
      const db = dexie?.offlineDb();
      if (!dexie || !db) return setState({ key, value: null });
      subscription = dexie.liveQuery(() => read(db)).subscribe({
        next: (value) => setState({ key, value }),
        error: () => setState({ key, value: null }),
      });
    });
    return () => {
      cancelled = true;
      subscription?.unsubscribe();
    };
    // `read` is a new function on every render; `key` names what it reads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, key]);
  return enabled && state?.key === key ? state.value : undefined;
}

/** Merges fields into a player's snapshot, creating it when it does not exist yet. */
export async function patchSnapshot(db: OfflineDatabase, userId: number, patch: Partial<Omit<PlayerSnapshot, "userId">>): Promise<void> {
  const updated = await db.snapshots.update(userId, patch);
  if (updated === 0) await db.snapshots.put({ userId, user: null, rank: null, collectionSyncedAt: null, ...patch });
}
