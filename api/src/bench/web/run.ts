// The browser-side benchmarks (`npm run bench:web`, or part of `npm run bench`), one table.
// Builds the PWA if needed and starts the real server on a fresh PostgreSQL database (the
// 10,000-card collection is inserted straight into it), then runs each module against it in
// headless Chromium. BENCH_WEB_ONLY=transfer,reveal runs a subset.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import knex from "knex";
import { ROOT_DIR } from "../../config.ts";
import type { BenchRow } from "../rows.ts";
import { startServerProcess } from "../server.ts";
import { WEB_BENCHES } from "./modules.ts";

export async function runWebBenchmarks(env = process.env): Promise<BenchRow[]> {
  execFileSync(process.execPath, ["--import", "tsx", path.join(ROOT_DIR, "api/src/cli/buildIfNeeded.ts")], { cwd: ROOT_DIR, stdio: "inherit" });
  const only = (env.BENCH_WEB_ONLY || "").split(",").filter(Boolean);
  const adminUrl = env.BENCH_DATABASE_URL || env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
  const dbName = `foilbound_bench_web_${Date.now().toString(36)}`;
  const admin = knex({ client: "pg", connection: adminUrl, pool: { min: 0, max: 1 } });
  await admin.raw(`CREATE DATABASE ${dbName}`);
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${dbName}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "foilbound-bench-web-"));
  const rows: BenchRow[] = [];
  try {
    const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl.toString() }, Number(env.BENCH_WEB_PORT || 3390));
    const ctx = {
      baseUrl: server.url.replace("127.0.0.1", "localhost"),
      chromiumPath: env.CHROMIUM_PATH || "/usr/bin/chromium",
      databaseUrl: databaseUrl.toString(),
    };
    try {
      for (const [name, bench] of Object.entries(WEB_BENCHES)) {
        if (only.length && !only.includes(name)) continue;
        console.log(`bench:web ${name}...`);
        try {
          rows.push(...(await bench(ctx)));
        } catch (err) {
          rows.push({ benchmark: name, result: `failed: ${String(err).slice(0, 120)}`, baseline: "-", target: "-", verdict: "MISSED" });
        }
      }
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await admin.raw(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.destroy();
  }
  return rows;
}
