import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { ROOT_DIR } from "../config.ts";

/** The real server as its own process (as in production), so the load generator does not share its event loop. */
export async function startServerProcess(env: Record<string, string>): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = 39000 + Math.floor(Math.random() * 900);
  const nodeArgs = (process.env.BENCH_NODE_ARGS || "").split(" ").filter(Boolean); // e.g. --cpu-prof
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, "--import", "tsx", path.join(ROOT_DIR, "api/src/main.ts")], {
    cwd: ROOT_DIR,
    env: { ...process.env, ...env, PORT: String(port), LOG_REQUESTS: "0", AUTH_ATTEMPTS_PER_IP: "1000000" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (d) => {
      out += d;
      if (out.includes('"msg":"listening"')) resolve();
    });
    child.on("exit", (code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        child.on("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
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
