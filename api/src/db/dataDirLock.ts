import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";

/**
 * The embedded database (PGlite) belongs to one process: two processes writing one data folder
 * corrupt it (a second `npm start` lost packs and a paid purchase). A lock file beside the data
 * holds the owner's pid; a second process is refused before it opens anything. A lock whose
 * process is gone (kill -9, a crash, a container restart that reused the pid) is stale and taken over.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by another Foilbound process (pid ${ownerPid}). ` +
        `Stop that process first, or start this one with another DATA_DIR (or a DATABASE_URL).`,
    );
    this.name = "DataDirLockedError";
  }
}

export const LOCK_FILE = "foilbound.lock";

export interface DataDirLock {
  release(): void;
}

export function lockDataDir(dataDir: string, isAlive: (pid: number) => boolean = processIsAlive): DataDirLock {
  const file = path.join(dataDir, LOCK_FILE);
  // Two attempts: the second after removing a stale lock. 'wx' creates atomically or fails, so two
  // processes starting together cannot both win.
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return { release: () => releaseIfOurs(file) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    const owner = readOwner(file);
    if (owner !== null && owner !== process.pid && isAlive(owner)) throw new DataDirLockedError(dataDir, owner);
    removeQuietly(file);
  }
  throw new DataDirLockedError(dataDir, readOwner(file) ?? -1);
}

function readOwner(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, "utf8").trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function releaseIfOurs(file: string) {
  if (readOwner(file) === process.pid) removeQuietly(file);
}

function removeQuietly(file: string) {
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
}

export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to another user; still alive.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
