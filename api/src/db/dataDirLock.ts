import { randomBytes, randomInt } from "node:crypto";
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { connect, createServer, type Server, type Socket } from "node:net";
import path from "node:path";

/**
 * The embedded database (PGlite) belongs to one process: two processes writing one data folder
 * corrupt it (a second `npm start` lost packs and a paid purchase). A second process is refused
 * before it opens anything.
 *
 * The owner is whoever listens on a Unix socket in the folder. A pid file could not tell a dead
 * owner from a live one: after kill -9 the server stays a zombie until it is reaped (forever under
 * a PID 1 that does not reap), and process.kill(pid, 0) counts a zombie as alive; after a container
 * restart the pid may belong to another process. A listening socket is closed by the kernel the
 * moment its process dies, before it is a zombie: connecting then fails with ECONNREFUSED, and the
 * socket file is only a name left behind. A live owner answers with a greeting that says who it
 * is and whether it is stopping.
 *
 * Node has no flock, and unlinking a dead socket's name to bind it again races with another
 * process doing the same. So each process binds a name of its own (its pid and random bytes), and
 * publishes it (a rename, once it listens) before it looks at the others: a process owns the
 * folder when, after publishing, it finds no other live socket there. Of two processes, the later
 * to publish always sees the earlier, so two can never both own it. A process that finds another
 * one starting, stopping or not answering withdraws its name and tries again for a few seconds (a
 * server shutting down, or one killed and not yet gone); one that finds a live owner is refused at once.
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

/** The owner's pid, for people and for older versions of the server (which read it); not the lock. */
export const LOCK_FILE = "foilbound.lock";
/** foilbound-<pid>-<random>.sock: one process's socket, published once it listens. */
export const SOCKET_NAME = /^foilbound-(\d+)-([0-9a-f]{16})\.sock$/;
/** Where a socket is bound before it listens (a name nobody probes: see lockDataDir). */
const BINDING_NAME = /^\.foilbound-\d+-[0-9a-f]{16}\.binding$/;

const GREETING = /^foilbound-lock 1 (\d+) (starting|owner|stopping)\n/;
type State = "starting" | "owner" | "stopping";

/** How long a start waits for an owner that is stopping, starting or not answering (main.ts forces its exit after 10 s). */
export const DYING_OWNER_WAIT_MS = 12_000;
/** A live owner answers at once; one that says nothing for this long counts as not answering (still alive). */
const GREETING_TIMEOUT_MS = 1_000;

export interface DataDirLock {
  /** A server starting on the folder from now on waits for this one to go instead of giving up. */
  stopping(): void;
  /** Frees the folder (synchronous: also runs from a process 'exit' handler). */
  release(): void;
}

export interface LockOptions {
  waitMs?: number;
  greetingTimeoutMs?: number;
}

export async function lockDataDir(dataDir: string, opts: LockOptions = {}): Promise<DataDirLock> {
  const deadline = Date.now() + (opts.waitMs ?? DYING_OWNER_WAIT_MS);
  const greetingTimeoutMs = opts.greetingTimeoutMs ?? GREETING_TIMEOUT_MS;
  // A first start (npm start on a fresh machine): the folder is made here, before anything else needs it.
  mkdirSync(dataDir, { recursive: true });
  const addresses = socketAddresses(dataDir);
  try {
    removeOldBindings(dataDir);
    for (;;) {
      const mine = await publish(dataDir, addresses);
      let blocker: Blocker | null;
      try {
        blocker = await firstLiveOther(dataDir, addresses, mine.name, greetingTimeoutMs);
        if (!blocker) {
          mine.state.value = "owner";
          writeFileSync(path.join(dataDir, LOCK_FILE), `${process.pid}\n`, { mode: 0o600 });
          return lockOf(dataDir, mine);
        }
      } catch (err) {
        mine.withdraw();
        throw err;
      }
      mine.withdraw();
      // A live owner keeps the folder: say so now. Anything else may be on its way out.
      if (blocker.state === "owner" || Date.now() >= deadline) throw new DataDirLockedError(dataDir, blocker.pid);
      // Apart in time, two processes starting together do not keep withdrawing for each other.
      await new Promise((resolve) => setTimeout(resolve, 50 + randomInt(150)));
    }
  } finally {
    addresses.close();
  }
}

interface Published {
  name: string;
  server: Server;
  state: { value: State };
  withdraw(): void;
}

/** Listens on a new socket of this process, then gives it its name in the folder. */
async function publish(dataDir: string, addresses: SocketAddresses): Promise<Published> {
  const id = `${process.pid}-${randomBytes(8).toString("hex")}`;
  const name = `foilbound-${id}.sock`;
  const binding = `.foilbound-${id}.binding`;
  const state = { value: "starting" as State };
  const server = createServer((socket) => {
    socket.on("error", () => {}); // a prober that went away
    socket.end(`foilbound-lock 1 ${process.pid} ${state.value}\n`);
  });
  server.unref(); // the lock never keeps the process alive
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    // exclusive: bound by this process itself, even in a cluster worker.
    server.listen({ path: addresses.of(binding), exclusive: true }, () => {
      server.off("error", reject);
      resolve();
    });
  }).catch((err: NodeJS.ErrnoException) => {
    throw new Error(
      `Cannot lock the embedded database's folder ${dataDir}: a Unix socket cannot be made there (${err.code ?? err.message}). ` +
        `Put DATA_DIR on a local filesystem.`,
    );
  });
  try {
    renameSync(path.join(dataDir, binding), path.join(dataDir, name));
  } catch (err) {
    server.close();
    removeQuietly(path.join(dataDir, binding));
    throw err;
  }
  return {
    name,
    server,
    state,
    withdraw() {
      server.close();
      removeQuietly(path.join(dataDir, name));
    },
  };
}

function lockOf(dataDir: string, mine: Published): DataDirLock {
  let released = false;
  return {
    stopping() {
      if (!released) mine.state.value = "stopping";
    },
    release() {
      if (released) return;
      released = true;
      mine.withdraw();
      const file = path.join(dataDir, LOCK_FILE);
      if (readPid(file) === process.pid) removeQuietly(file);
    },
  };
}

/**
 * Another process's socket that is alive (or might be), after removing the names of dead ones:
 * the first one that is an owner, else the first starting, stopping or silent one, else null.
 */
type Blocker = { pid: number; state: State | "silent" };

async function firstLiveOther(dataDir: string, addresses: SocketAddresses, mine: string, greetingTimeoutMs: number): Promise<Blocker | null> {
  const others = readdirSync(dataDir).filter((name) => name !== mine && SOCKET_NAME.test(name));
  const answers = await Promise.all(others.map(async (name) => ({ name, answer: await probe(addresses.of(name), greetingTimeoutMs) })));
  let blocker: Blocker | null = null;
  for (const { name, answer } of answers) {
    // Its process is gone, and its name is never bound again (pid and random bytes): safe to remove.
    if (answer.kind === "dead") removeQuietly(path.join(dataDir, name));
    if (answer.kind === "live") {
      if (answer.state === "owner") return answer;
      blocker ??= answer;
    }
    if (answer.kind === "silent") blocker ??= { pid: Number(SOCKET_NAME.exec(name)![1]), state: "silent" };
  }
  return blocker;
}

type Answer = { kind: "dead" | "gone" | "foreign" | "silent" } | { kind: "live"; pid: number; state: State };

/**
 * What is behind a socket name: nothing listening (dead), no name any more (gone), a Foilbound
 * process with its pid and state (live), something else answering (foreign: not ours, left
 * alone), or a listener that said nothing in time (silent: counted as alive).
 */
function probe(address: string, timeoutMs: number): Promise<Answer> {
  return new Promise((resolve) => {
    let text = "";
    let done = false;
    const socket: Socket = connect(address);
    const finish = (answer: Answer) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const timer = setTimeout(() => finish({ kind: "silent" }), timeoutMs);
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      text += chunk;
      const greeting = GREETING.exec(text);
      if (greeting) finish({ kind: "live", pid: Number(greeting[1]), state: greeting[2] as State });
      else if (text.includes("\n") || text.length > 200) finish({ kind: "foreign" });
    });
    socket.on("end", () => finish(text ? { kind: "foreign" } : { kind: "silent" }));
    socket.on("error", (err: NodeJS.ErrnoException) => {
      // Anything but these two (a full backlog, no permission) may still be a live owner.
      finish(err.code === "ECONNREFUSED" ? { kind: "dead" } : err.code === "ENOENT" ? { kind: "gone" } : { kind: "silent" });
    });
  });
}

/** A process killed between binding and publishing leaves a .binding name; nobody else uses it after a minute. */
function removeOldBindings(dataDir: string) {
  for (const name of readdirSync(dataDir)) {
    if (!BINDING_NAME.test(name)) continue;
    const file = path.join(dataDir, name);
    try {
      if (Date.now() - statSync(file).mtimeMs > 60_000) unlinkSync(file);
    } catch {
      // gone meanwhile
    }
  }
}

interface SocketAddresses {
  of(name: string): string;
  close(): void;
}

/**
 * A socket's address is limited to ~107 bytes (sun_path). A longer data folder is reached through
 * /proc/self/fd/<an open descriptor of the folder>/ on Linux, which resolves to the folder itself.
 */
function socketAddresses(dataDir: string): SocketAddresses {
  const longest = path.join(dataDir, ".foilbound-4294967295-0123456789abcdef.binding");
  if (Buffer.byteLength(longest) < 100 || process.platform !== "linux") return { of: (name) => path.join(dataDir, name), close: () => {} };
  const fd = openSync(dataDir, "r");
  return { of: (name) => `/proc/self/fd/${fd}/${name}`, close: () => closeSync(fd) };
}

function readPid(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, "utf8").trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function removeQuietly(file: string) {
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
}
