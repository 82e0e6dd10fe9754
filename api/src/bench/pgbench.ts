import { execFileSync } from "node:child_process";

/**
 * pgbench's TPC-B-like figure on a database: what the database itself sustains with the same
 * number of clients, the yardstick for the API's own throughput. Initialise once, run between
 * the API's runs (same server, same clients, same minutes), drop at the end.
 */
function envOf(databaseUrl: string) {
  const url = new URL(databaseUrl);
  return {
    ...process.env,
    PGHOST: url.hostname,
    PGPORT: url.port || "5432",
    PGUSER: decodeURIComponent(url.username || "postgres"),
    PGPASSWORD: decodeURIComponent(url.password),
    PGDATABASE: url.pathname.slice(1),
  };
}

export function initPgbench(databaseUrl: string, scale: number): void {
  execFileSync("pgbench", ["-i", "-q", "-s", String(scale)], { env: envOf(databaseUrl), stdio: "pipe" });
}

export function runPgbench(databaseUrl: string, opts: { clients: number; seconds: number }): { tps: number; latencyMs: number } {
  const out = execFileSync("pgbench", ["-c", String(opts.clients), "-j", "2", "-T", String(opts.seconds), "-n"], { env: envOf(databaseUrl), encoding: "utf8" });
  const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1]);
  const latencyMs = Number(/latency average = ([\d.]+) ms/.exec(out)?.[1]);
  return { tps, latencyMs };
}

export function dropPgbench(databaseUrl: string): void {
  execFileSync("pgbench", ["-i", "-I", "d"], { env: envOf(databaseUrl), stdio: "pipe" });
}

export function hasPgbench(): boolean {
  try {
    execFileSync("pgbench", ["--version"], { stdio: "pipe" });
    return true;
  } catch {
    return false;
  }
}
