import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { ROOT_DIR } from "../config.ts";

export interface ServerProcess {
  url: string;
  pid: number;
  stop: () => Promise<void>;
}

/**
 * The real server as its own process (as in production), so the load generator does not share
 * its event loop. Its stdout (the request log when LOG_REQUESTS=1) is read and dropped, as a log
 * collector reading the pipe would.
 */
export async function startServerProcess(env: Record<string, string>, port: number): Promise<ServerProcess> {
  const nodeArgs = (process.env.BENCH_NODE_ARGS || "").split(" ").filter(Boolean); // e.g. --cpu-prof
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, "--import", "tsx", path.join(ROOT_DIR, "api/src/main.ts")], {
    cwd: ROOT_DIR,
    env: { ...process.env, LOG_REQUESTS: "0", AUTH_ATTEMPTS_PER_IP: "1000000", AUTH_ATTEMPTS_PER_USERNAME: "1000000", ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const workers = Math.max(1, Number(env.WEB_CONCURRENCY || 1));
  await new Promise<void>((resolve, reject) => {
    let out = "";
    let listening = 0;
    const onData = (d: Buffer) => {
      out += d;
      listening = out.split('"msg":"listening"').length - 1;
      if (listening >= (env.DATABASE_URL ? workers : 1)) {
        child.stdout!.off("data", onData);
        child.stdout!.resume(); // keep draining the log
        resolve();
      }
    };
    child.stdout!.on("data", onData);
    child.on("exit", (code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
  child.stdout!.on("data", () => undefined);
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.on("exit", () => resolve());
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

/** Registers a player through the API and returns its cookie header. */
export async function signUp(url: string, username: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: url },
    body: JSON.stringify({ username, password: "benchpw1", ageConfirmed: true, termsAccepted: true }),
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}
