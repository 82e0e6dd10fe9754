import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT_DIR } from "../config.ts";
import { DataDirLockedError, LOCK_FILE, lockDataDir, SOCKET_NAME } from "./dataDirLock.ts";
import { embeddedRun } from "../testing/embeddedRun.ts";

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "foilbound-lock-"));
  dirs.push(dir);
  return dir;
};
const children: ChildProcess[] = [];
const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;
afterAll(() => {
  for (const child of children) if (running(child)) child.kill("SIGKILL");
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const socketsIn = (dir: string) => readdirSync(dir).filter((name) => SOCKET_NAME.test(name));
const pidFile = (dir: string) => readFileSync(path.join(dir, LOCK_FILE), "utf8").trim();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(done: () => boolean, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** Another process holding (or trying to take) the folder's lock: testing/lockHolder.ts. */
function holder(dir: string, waitMs = 0) {
  let out = "";
  const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT_DIR, "api/src/testing/lockHolder.ts"), dir, String(waitMs)], { cwd: ROOT_DIR });
  children.push(child);
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  child.stdin!.on("error", () => {}); // told something after it exited (a refused one)
  const answer = new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const line = /^(owner|refused) \d+$/m.exec(out);
      if (line) {
        clearInterval(timer);
        resolve(line[0]);
      }
    }, 20);
    child.on("exit", () => setTimeout(() => (clearInterval(timer), reject(new Error(`lock holder exited: ${out}`))), 100));
  });
  return { child, answer, output: () => out, say: (line: string) => child.stdin!.write(`${line}\n`) };
}

/** The real server, as `npm start` runs it (without the PWA build), on the embedded database in `dir`. */
function startServer(dir: string, port = 0) {
  let out = "";
  const env = { ...process.env, DATA_DIR: dir, DATABASE_URL: "", PORT: String(port), SESSION_SECRET: "x".repeat(32), LOG_REQUESTS: "0" };
  const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT_DIR, "api/src/main.ts")], { cwd: ROOT_DIR, env });
  children.push(child);
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const exit = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exit, output: () => out };
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once("exit", () => resolve()));

describe.runIf(embeddedRun)("one process per embedded data folder", () => {
  it("takes a free folder (one socket of its own, its pid in the lock file) and frees it on release", async () => {
    const dir = freshDir();
    const lock = await lockDataDir(dir);
    expect(pidFile(dir)).toBe(String(process.pid));
    expect(socketsIn(dir)).toEqual([expect.stringMatching(new RegExp(`^foilbound-${process.pid}-`))]);
    lock.release();
    expect(readdirSync(dir)).toEqual([]);
    // Free again, at once.
    (await lockDataDir(dir)).release();
  });

  it("makes a folder that does not exist yet (a first start) and takes it", async () => {
    const dir = path.join(freshDir(), "data", "nested");
    const lock = await lockDataDir(dir);
    expect(pidFile(dir)).toBe(String(process.pid));
    lock.release();
  });

  it("refuses a folder whose owner is alive, at once, naming it, and leaves the owner's lock alone", async () => {
    const dir = freshDir();
    const owner = holder(dir);
    expect(await owner.answer).toBe(`owner ${owner.child.pid}`);
    const started = Date.now();
    const err = await lockDataDir(dir).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DataDirLockedError);
    expect((err as Error).message).toBe(
      `The embedded database in ${dir} is in use by another Foilbound process (pid ${owner.child.pid}). ` +
        `Stop that process first, or start this one with another DATA_DIR (or a DATABASE_URL).`,
    );
    // A live owner is not a dying one: no wait.
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(socketsIn(dir)).toHaveLength(1);
    expect(pidFile(dir)).toBe(String(owner.child.pid));
    // The same holds within one process: a second lock of the folder is refused.
    const mine = freshDir();
    const first = await lockDataDir(mine);
    await expect(lockDataDir(mine)).rejects.toThrow(`(pid ${process.pid})`);
    first.release();
    owner.say("release");
    await exited(owner.child);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("takes over at once from an owner killed with SIGKILL, whatever pid its files name", async () => {
    const dir = freshDir();
    const owner = holder(dir);
    await owner.answer;
    owner.child.kill("SIGKILL");
    await exited(owner.child);
    // Left behind: the dead owner's socket name and its pid file. Its pid may be anyone's by now:
    // here, a live process that has nothing to do with the folder (this one's parent).
    writeFileSync(path.join(dir, LOCK_FILE), `${process.ppid}\n`);
    expect(socketsIn(dir)).toHaveLength(1);
    const lock = await lockDataDir(dir, { waitMs: 0 });
    expect(pidFile(dir)).toBe(String(process.pid));
    // The dead socket's name is gone; only this process's own remains.
    expect(socketsIn(dir)).toEqual([expect.stringMatching(new RegExp(`^foilbound-${process.pid}-`))]);
    lock.release();
  });

  it("takes over a folder whose lock names a live process that is not an owner, and leaves a stranger's socket alone", async () => {
    const dir = freshDir();
    // A pid file of the previous version of the server, naming a live process (after a container
    // restart, pid 1 is the new server's own, or anyone's).
    writeFileSync(path.join(dir, LOCK_FILE), `${process.ppid}\n`);
    // A socket name that says "this live process", left by a process killed while it listened on it.
    const deadName = `foilbound-${process.ppid}-00000000000000aa.sock`;
    const killed = spawnSync(process.execPath, ["-e", `require("net").createServer().listen(${JSON.stringify(path.join(dir, deadName))}, () => process.kill(process.pid, "SIGKILL"))`]);
    expect(killed.signal).toBe("SIGKILL");
    expect(existsSync(path.join(dir, deadName))).toBe(true);
    // Something else listening on an owner-like name, answering something else: not ours to remove.
    const strangerName = `foilbound-${process.ppid}-00000000000000bb.sock`;
    const stranger: Server = createServer((s) => s.end("HTTP/1.1 400 Bad Request\r\n\r\n"));
    await new Promise<void>((resolve) => stranger.listen(path.join(dir, strangerName), resolve));

    const lock = await lockDataDir(dir, { waitMs: 0 });
    expect(pidFile(dir)).toBe(String(process.pid));
    expect(existsSync(path.join(dir, deadName))).toBe(false);
    expect(existsSync(path.join(dir, strangerName))).toBe(true);
    lock.release();
    await new Promise((resolve) => stranger.close(resolve));
  });

  it("waits for an owner that is stopping, and takes the folder as soon as it has gone", async () => {
    const dir = freshDir();
    const owner = holder(dir);
    await owner.answer;
    owner.say("stopping");
    await until(() => owner.output().includes("stopping\n"), "the owner to stop");
    setTimeout(() => owner.say("release"), 700);
    const started = Date.now();
    const lock = await lockDataDir(dir, { waitMs: 20_000 });
    expect(Date.now() - started).toBeGreaterThan(500);
    expect(pidFile(dir)).toBe(String(process.pid));
    lock.release();
  });

  it("waits a few seconds for an owner that does not answer, then gives up naming it; takes over if it dies meanwhile", async () => {
    const dir = freshDir();
    const owner = holder(dir);
    await owner.answer;
    // Frozen: its socket still takes connections (the kernel queues them), but nothing answers.
    owner.child.kill("SIGSTOP");
    try {
      const started = Date.now();
      await expect(lockDataDir(dir, { waitMs: 1_500, greetingTimeoutMs: 200 })).rejects.toThrow(`(pid ${owner.child.pid})`);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_500);
      setTimeout(() => owner.child.kill("SIGKILL"), 500);
      const lock = await lockDataDir(dir, { waitMs: 20_000, greetingTimeoutMs: 200 });
      expect(pidFile(dir)).toBe(String(process.pid));
      lock.release();
    } finally {
      owner.child.kill("SIGKILL");
    }
  });

  it("gives the folder to exactly one of several processes starting at the same moment", async () => {
    const dir = freshDir();
    // Each waits for the others while they are starting; the ones that lose then meet the owner.
    const racers = Array.from({ length: 4 }, () => holder(dir, 20_000));
    const answers = await Promise.all(racers.map((r) => r.answer));
    const owners = racers.filter((r, i) => answers[i] === `owner ${r.child.pid}`);
    expect(owners).toHaveLength(1);
    for (const answer of answers) expect(answer).toMatch(new RegExp(`^(owner|refused) ${owners[0]!.child.pid}$`));
    for (const r of racers) r.say("release");
    await Promise.all(racers.map((r) => exited(r.child)));
  });

  it("works in a data folder whose path is longer than a socket address may be", async () => {
    const dir = path.join(freshDir(), "a-rather-long-folder-name-for-the-data".repeat(3));
    mkdirSync(dir);
    const lock = await lockDataDir(dir);
    expect(socketsIn(dir)).toHaveLength(1);
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
    lock.release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it("a second server on the same DATA_DIR exits at once with a clear message and writes no database", async () => {
    const dir = freshDir();
    // This test process plays the first server: it is alive and holds the lock (and answers on
    // its socket, so the server is not run with spawnSync, which would stop this event loop).
    const first = await lockDataDir(dir);
    try {
      const second = startServer(dir);
      expect(await second.exit).toBe(1);
      expect(second.output()).toContain(`in use by another Foilbound process (pid ${process.pid})`);
      expect(existsSync(path.join(dir, "pglite"))).toBe(false);
      expect(pidFile(dir)).toBe(String(process.pid));
    } finally {
      first.release();
    }
  });
});

describe.runIf(embeddedRun)("the embedded database and its lock", () => {
  it("frees the folder when the database is closed, so a server can start on it from the same tool", async () => {
    const { createDb, openDb } = await import("./knex.ts");
    const dir = freshDir();
    expect(() => createDb({ dataDir: dir })).toThrow(/openDb/);
    const db = await openDb({ dataDir: dir });
    await db.raw("SELECT 1");
    expect(pidFile(dir)).toBe(String(process.pid));
    await expect(openDb({ dataDir: dir })).rejects.toThrow(DataDirLockedError);
    await db.destroy();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    expect(socketsIn(dir)).toEqual([]);
  }, 120_000); // a new PGlite folder: initdb, slow on a busy machine
});
