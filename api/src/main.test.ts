import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT_DIR } from "./config.ts";
import { createTestDb } from "./testing/testDb.ts";

// The real server process, as `npm start` runs it (without the PWA build step): it must migrate
// and seed on start, log one JSON line per request, and stop cleanly on SIGTERM leaving the
// embedded database whole, so a second start finds the player again.
const dataDir = mkdtempSync(path.join(tmpdir(), "foilbound-main-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

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
  it("starts on the embedded database, serves, logs, stops cleanly and keeps its data", async () => {
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

  it("turns the request log off and on again on SIGUSR2, without a restart", async () => {
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

  it.runIf(!!process.env.DATABASE_URL)("passes SIGUSR2 on to every worker", async () => {
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

  it("runs one process on the embedded database even when WEB_CONCURRENCY asks for more, and says so", async () => {
    const port = await freePort();
    const server = start(port, { WEB_CONCURRENCY: "4" });
    await server.ready;
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    expect(await stop(server.child)).toBe(0);
    const lines = server.output().split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l));
    expect(lines.find((l) => l.level === "warn" && /WEB_CONCURRENCY/.test(l.msg))).toBeTruthy();
    expect(lines.filter((l) => l.msg === "listening")).toHaveLength(1);
  }, 180_000);
});
