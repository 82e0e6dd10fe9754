import { execFileSync } from "node:child_process";

/**
 * pgbench's TPC-B-like figure on a database: what the database itself sustains with the same
 * number of clients, the yardstick for the API's own throughput.
 */
export function runPgbench(databaseUrl: string, opts: { clients: number; seconds: number; scale?: number }): { tps: number; latencyMs: number } {
  const url = new URL(databaseUrl);
  const env = {
    ...process.env,
    PGHOST: url.hostname,
    PGPORT: url.port || "5432",
    PGUSER: decodeURIComponent(url.username || "postgres"),
    PGPASSWORD: decodeURIComponent(url.password),
    PGDATABASE: url.pathname.slice(1),
  };
  execFileSync("pgbench", ["-i", "-q", "-s", String(opts.scale ?? 10)], { env, stdio: "pipe" });
  const out = execFileSync("pgbench", ["-c", String(opts.clients), "-j", "2", "-T", String(opts.seconds), "-n"], { env, encoding: "utf8" });
  const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1]);
  const latencyMs = Number(/latency average = ([\d.]+) ms/.exec(out)?.[1]);
  execFileSync("pgbench", ["-i", "-I", "d"], { env, stdio: "pipe" });
  return { tps, latencyMs };
}

export function hasPgbench(): boolean {
  try {
    execFileSync("pgbench", ["--version"], { stdio: "pipe" });
    return true;
  } catch {
    return false;
  }
}
