import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT_DIR } from "./config.ts";
import { LOCK_FILE, SOCKET_NAME } from "./db/dataDirLock.ts";
import { createTestDb } from "./testing/testDb.ts";
import { embeddedRun } from "./testing/embeddedRun.ts";

// The real server process, as `npm start` runs it (without the PWA build step): it must migrate
// and seed on start, log one JSON line per request, and stop cleanly on SIGTERM leaving the
// embedded database whole, so a second start finds the player again.
const dataDir = mkdtempSync(path.join(tmpdir(), "foilbound-main-"));
const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;
const unreaped: Array<{ shell: ChildProcess; pid: () => number; reaped: () => boolean }> = [];
afterAll(() => {
  // A server started under a shell (startUnreaped) is not this process's child: a failed test
  // leaves none running. Until reap() the shell waits on its stdin, so the pid is still that
  // server's (at worst a zombie), never another process's.
  for (const { shell, pid, reaped } of unreaped) {
    if (!reaped() && running(shell) && pid() > 0) {
      try {
        process.kill(pid(), "SIGKILL");
      } catch {
        // gone
      }
    }
    if (running(shell)) shell.kill("SIGKILL");
  }
  rmSync(dataDir, { recursive: true, force: true });
});

function start(port: number, extraEnv: Record<string, string> = {}): { child: ChildProcess; output: () => string; ready: Promise<void> } {
  let out = "";
  const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: "", ...extraEnv };
  const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT_DIR, "api/src/main.ts")], { cwd: ROOT_DIR, env });
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (out.includes('"msg":"listening"')) {
        clearInterval(timer);
        resolve();
      }
    }, 50);
    child.on("exit", (code) => {
      clearInterval(timer);
      reject(new Error(`server exited early (${code}): ${out}`));
    });
  });
  return { child, output: () => out, ready };
}

// A port the kernel has just handed out as free: a random one from 38000-38999 collided once in CI
// with a port already in use (that range is inside Linux's ephemeral ports).
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

const until = async (done: () => boolean, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

const stop = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    child.on("exit", (code) => resolve(code));
    child.kill("SIGTERM");
  });

describe("server process", () => {
  it.runIf(embeddedRun)("starts on the embedded database, serves, logs, stops cleanly and keeps its data", async () => {
    const port = await freePort();
    const first = start(port);
    await first.ready;
    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    const reg = await fetch(`${base}/api/auth/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base },
      body: JSON.stringify({ username: "Survivor", password: "violet-harbour-42", ageConfirmed: true, termsAccepted: true }),
    });
    expect(reg.status).toBe(201);
    expect(await stop(first.child)).toBe(0);
    const lines = first.output().split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l));
    const request = lines.find((l) => l.msg === "request" && l.path === "/api/auth/register");
    expect(request).toMatchObject({ method: "POST", status: 201 });
    expect(typeof request.durationMs).toBe("number");
    expect(lines.some((l) => l.msg === "stopped")).toBe(true);
    expect(readFileSync(path.join(dataDir, "session-secret"), "utf8").trim()).toMatch(/^[0-9a-f]{64}$/);

    const second = start(port);
    await second.ready;
    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base },
      body: JSON.stringify({ username: "Survivor", password: "violet-harbour-42" }),
    });
    expect(login.status).toBe(200);
    expect(await stop(second.child)).toBe(0);
  }, 180_000);

  it.runIf(embeddedRun)("turns the request log off and on again on SIGUSR2, without a restart", async () => {
    const port = await freePort();
    const server = start(port, { LOG_REQUESTS: "0" });
    await server.ready;
    const base = `http://127.0.0.1:${port}`;
    const logLines = () => server.output().split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l));
    // The pid to signal is the one the server's listening line gives.
    const { pid } = logLines().find((l) => l.msg === "listening");
    expect(pid).toBe(server.child.pid);
    const flipped = async (times: number) => {
      process.kill(pid, "SIGUSR2");
      await until(() => logLines().filter((l) => l.msg === "request log").length === times);
    };
    await fetch(`${base}/api/health?quiet=1`);
    await flipped(1);
    await fetch(`${base}/api/health?logged=1`);
    await flipped(2);
    await fetch(`${base}/api/health?quiet=2`);
    expect(await stop(server.child)).toBe(0);
    const lines = logLines();
    expect(lines.filter((l) => l.msg === "request log").map((l) => l.on)).toEqual([true, false]);
    // Paths are logged without their query: one request line, the one sent while the log was on.
    expect(lines.filter((l) => l.msg === "request")).toEqual([expect.objectContaining({ method: "GET", path: "/api/health", status: 200 })]);
    const logged = lines.findIndex((l) => l.msg === "request");
    expect(lines.findIndex((l) => l.msg === "request log" && l.on === true)).toBeLessThan(logged);
    expect(lines.findIndex((l) => l.msg === "request log" && l.on === false)).toBeGreaterThan(logged);
  }, 180_000);

  it.skipIf(embeddedRun)("passes SIGUSR2 on to every worker", async () => {
    const testDb = await createTestDb({ poolMax: 1 });
    try {
      const port = await freePort();
      const server = start(port, { LOG_REQUESTS: "0", WEB_CONCURRENCY: "2", DATABASE_URL: testDb.url! });
      await until(() => server.output().split('"msg":"listening"').length - 1 === 2);
      server.child.kill("SIGUSR2");
      await until(() => server.output().split('"msg":"request log"').length - 1 === 2);
      // New connections each: the workers take them in turn.
      for (let i = 0; i < 6; i++) await fetch(`http://127.0.0.1:${port}/api/health`, { headers: { Connection: "close" } });
      expect(await stop(server.child)).toBe(0);
      const lines = server.output().split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l));
      expect(new Set(lines.filter((l) => l.msg === "request log" && l.on === true).map((l) => l.worker)).size).toBe(2);
      expect(lines.filter((l) => l.msg === "request")).toHaveLength(6);
    } finally {
      await testDb.destroy();
    }
  }, 180_000);

  it.runIf(embeddedRun)("runs one process on the embedded database even when WEB_CONCURRENCY asks for more, and says so", async () => {
    const port = await freePort();
    const server = start(port, { WEB_CONCURRENCY: "4" });
    await server.ready;
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    expect(await stop(server.child)).toBe(0);
    const lines = server.output().split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l));
    expect(lines.find((l) => l.level === "warn" && /WEB_CONCURRENCY/.test(l.msg))).toBeTruthy();
    expect(lines.filter((l) => l.msg === "listening")).toHaveLength(1);
  }, 180_000);

  // On this file's folder (a start without initdb when the tests above ran), after the others.
  it.runIf(process.platform === "linux" && embeddedRun)(
    "kill -9, then an immediate restart that meets the killed server as a zombie: 20 times, never refused, data kept",
    async () => {
      let port = await freePort();
      let server = startUnreaped(port);
      await until(() => server.listening() || server.refused(), 120_000);
      const base = () => `http://127.0.0.1:${port}`;
      const post = (url: string, body: object) =>
        fetch(`${base()}${url}`, { method: "POST", headers: { "Content-Type": "application/json", Origin: base() }, body: JSON.stringify(body) });
      expect((await post("/api/auth/register", { username: "Phoenix", password: "violet-harbour-42", ageConfirmed: true, termsAccepted: true })).status).toBe(201);

      for (let cycle = 0; cycle < 20; cycle++) {
        // Mostly killed while starting (its lock taken, then loading, opening the database or
        // recovering it), every tenth time while serving (a whole start: the costly kind of cycle).
        const serving = cycle % 10 === 9;
        await until(() => (serving ? server.listening() : server.locked()) || server.refused(), 120_000);
        expect(server.refused(), server.output()).toBe(false);
        if (!serving) await new Promise((resolve) => setTimeout(resolve, (cycle % 4) * 700));
        const killed = server;
        port = await freePort();
        // The restart is spawned at once (as a supervisor restarts within 100 ms). However fast or
        // slow this machine forks, it meets the killed server as a zombie: the shell reaps it only
        // when told, as a PID 1 that reaps no orphans never does.
        process.kill(killed.pid(), "SIGKILL");
        server = startUnreaped(port);
        await until(() => server.locked() || server.refused(), 120_000);
        expect(server.refused(), `cycle ${cycle}: ${server.output()}`).toBe(false);
        // What the pid file's check took for a live owner.
        expect(killed.state()).toBe("Z");
        killed.reap();
      }
      await until(() => server.listening() || server.refused(), 120_000);
      expect((await post("/api/auth/login", { username: "Phoenix", password: "violet-harbour-42" })).status).toBe(200);

      // A second live server on the folder is still refused, naming the one that serves.
      const second = start(await freePort());
      const refusal = await second.ready.then(() => "it served", (err: Error) => err.message);
      expect(refusal).toContain(`in use by another Foilbound process (pid ${server.pid()})`);

      // A restart right after SIGTERM (a supervisor's restart) waits for the clean shutdown, then serves.
      const last = server;
      process.kill(last.pid(), "SIGTERM");
      port = await freePort();
      server = startUnreaped(port);
      await until(() => server.listening() || server.refused(), 120_000);
      expect(server.refused(), server.output()).toBe(false);
      expect(last.output()).toContain('"msg":"stopped"');
      last.reap();

      // A clean shutdown leaves the folder free: no socket, no lock file.
      process.kill(server.pid(), "SIGTERM");
      await until(() => server.output().includes('"msg":"stopped"'));
      server.reap();
      await new Promise((resolve) => (running(server.shell) ? server.shell.once("exit", resolve) : resolve(null)));
      expect(readdirSync(dataDir).filter((name) => SOCKET_NAME.test(name))).toEqual([]);
      expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    },
    900_000,
  );
});

/**
 * The server under a parent that does not reap it, as under a container's PID 1 that reaps no
 * orphans: killed, it stays a zombie until `reap()` (the shell waits for it only then).
 */
function startUnreaped(port: number) {
  let out = "";
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", PORT: String(port), LOG_REQUESTS: "0" };
  const main = path.join(ROOT_DIR, "api/src/main.ts");
  const shell = spawn("/bin/sh", ["-c", `"$0" --import tsx "$1" & echo "server $!"; read _; wait`, process.execPath, main], { cwd: ROOT_DIR, env });
  shell.stdout!.on("data", (d) => (out += d));
  shell.stderr!.on("data", (d) => (out += d));
  shell.stdin!.on("error", () => {});
  const pid = () => Number(/^server (\d+)$/m.exec(out)?.[1] ?? 0);
  let reaped = false;
  unreaped.push({ shell, pid, reaped: () => reaped });
  const ownerPid = () => {
    try {
      return readFileSync(path.join(dataDir, LOCK_FILE), "utf8").trim();
    } catch {
      return "";
    }
  };
  return {
    pid,
    shell,
    output: () => out,
    refused: () => out.includes("in use by another Foilbound process"),
    /** It owns the folder: its pid in the lock file and a socket of its own. */
    locked: () => pid() > 0 && ownerPid() === String(pid()) && readdirSync(dataDir).some((n) => SOCKET_NAME.test(n) && n.startsWith(`foilbound-${pid()}-`)),
    listening: () => out.includes('"msg":"listening"'),
    /** Its state letter in /proc (Z: a zombie). */
    state: () => readFileSync(`/proc/${pid()}/stat`, "utf8").replace(/^.*\) /s, "")[0],
    reap: () => {
      reaped = true;
      shell.stdin!.end("\n");
    },
  };
}
