import type { WrkResult } from "./wrk.ts";
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ROOT_DIR } from "../config.ts";

export interface ServerProcess {
  url: string;
  pid: number;
  /** Turns the request log on or off (SIGUSR2) and waits for the server to say it has. */
  switchRequestLog: (on: boolean) => Promise<void>;
  stop: () => Promise<void>;
}

/**
 * The real server as its own process (as in production), so the load generator does not share
 * its event loop.
 */
export async function startServerProcess(env: Record<string, string>, port: number): Promise<ServerProcess> {
  const nodeArgs = (process.env.BENCH_NODE_ARGS || "").split(" ").filter(Boolean); // e.g. --cpu-prof
  // stdout (the request log with LOG_REQUESTS=1) goes to a file, as under a process manager,
  // so the bench's own process does not spend the shared cores reading it.
  const logFile = path.join(tmpdir(), `foilbound-bench-${process.pid}-${port}.log`);
  const fd = openSync(logFile, "w");
  // BENCH_SERVER_ROOT: another checkout's server (e.g. the previous commit's), for a before/after reading.
  const root = process.env.BENCH_SERVER_ROOT || ROOT_DIR;
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, "--import", "tsx", path.join(root, "api/src/main.ts")], {
    cwd: root,
    env: { ...process.env, LOG_REQUESTS: "0", AUTH_ATTEMPTS_PER_IP: "1000000", AUTH_ATTEMPTS_PER_USERNAME: "1000000", ...env, PORT: String(port) },
    stdio: ["ignore", fd, "inherit"],
  });
  closeSync(fd);
  const workers = env.DATABASE_URL ? Math.max(1, Number(env.WEB_CONCURRENCY || 1)) : 1;
  const deadline = Date.now() + 120_000;
  while (readFileSync(logFile, "utf8").split('"msg":"listening"').length - 1 < workers) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${readFileSync(logFile, "utf8")}`);
    if (Date.now() > deadline) throw new Error("server did not start in 2 minutes");
    await new Promise((r) => setTimeout(r, 100));
  }
  // The logger writes an info line within 50 ms; after a run's 10 s it may be behind the
  // request lines' batch, so the file is read whole.
  const switched = (on: boolean) => readFileSync(logFile, "utf8").split(`"msg":"request log","on":${on}`).length - 1;
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    switchRequestLog: async (on) => {
      const before = switched(on);
      child.kill("SIGUSR2");
      const until = Date.now() + 10_000;
      while (switched(on) === before) {
        if (Date.now() > until) throw new Error(`the server did not turn its request log ${on ? "on" : "off"}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          rmSync(logFile, { force: true });
          resolve();
        };
        if (child.exitCode !== null) return done();
        child.on("exit", done);
        child.kill("SIGTERM");
      }),
  };
}

const TICKS_PER_SECOND = 100; // Linux USER_HZ

/** CPU seconds (user + system) used so far by a process and its children (cluster workers). */
export function cpuSeconds(pid: number): number {
  let ticks = 0;
  const visit = (p: number) => {
    try {
      // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
      const stat = readFileSync(`/proc/${p}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
      const children = readFileSync(`/proc/${p}/task/${p}/children`, "utf8").trim();
      for (const c of children ? children.split(" ") : []) visit(Number(c));
    } catch {
      /* gone */
    }
  };
  visit(pid);
  return ticks / TICKS_PER_SECOND;
}

/** A username no earlier bench run has taken (3-20 characters, as sign-up requires). */
export function benchUsername(prefix: string): string {
  return `${prefix}${Date.now().toString(36).slice(-7)}${randomBytes(3).toString("hex").slice(0, 4)}`.slice(0, 20);
}

/** Registers a player through the API and returns its cookie header. */
export async function signUp(url: string, username: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/register`, {
    method: "POST",
    // A connection of its own: a kept-alive one from the previous round's sign-ups, idle for about
    // the server's keep-alive timeout (65 s, a round's length), was closed by the server as this
    // request went out ("other side closed"), ending a whole run.
    headers: { "Content-Type": "application/json", Origin: url, Connection: "close" },
    body: JSON.stringify({ username, password: "benchpw1", ageConfirmed: true, termsAccepted: true }),
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** A wrk run with the server process's CPU per request read from /proc around it. */
export interface Measured extends WrkResult {
  cpuMsPerRequest: number;
}

export async function measured(server: ServerProcess, run: () => Promise<WrkResult>): Promise<Measured> {
  const before = cpuSeconds(server.pid);
  const result = await run();
  const cpu = cpuSeconds(server.pid) - before;
  return { ...result, cpuMsPerRequest: (cpu * 1000) / Math.max(1, result.requests) };
}
