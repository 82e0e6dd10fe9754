import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

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

export interface PgbenchRun {
  tps: number;
  /** The transactions' 99th percentile latency, from pgbench's per-transaction log. */
  p99: number;
}

export function runPgbench(databaseUrl: string, opts: { clients: number; seconds: number }): PgbenchRun {
  // -l writes one line per transaction (its latency in microseconds, third field) into the
  // working directory: the database's own p99 on this disk, beside the API's.
  const dir = mkdtempSync(path.join(tmpdir(), "pgbench-log-"));
  try {
    const out = execFileSync("pgbench", ["-c", String(opts.clients), "-j", "2", "-T", String(opts.seconds), "-n", "-l"], { env: envOf(databaseUrl), encoding: "utf8", cwd: dir });
    const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1]);
    const latencies = readdirSync(dir)
      .flatMap((f) => readFileSync(path.join(dir, f), "utf8").split("\n"))
      .map((line) => Number(line.split(" ")[2]) / 1000)
      .filter((ms) => Number.isFinite(ms) && ms > 0)
      .sort((a, b) => a - b);
    const p99 = latencies[Math.min(latencies.length - 1, Math.floor(0.99 * latencies.length))] ?? NaN;
    return { tps, p99 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
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
