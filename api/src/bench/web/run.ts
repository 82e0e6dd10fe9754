// The browser-side benchmarks (`npm run bench:web`, or part of `npm run bench`) of the built game, printed as one table.
// Builds the PWA if needed, starts the real server on a fresh embedded database, then runs each
// module against it in headless Chromium. BENCH_WEB_ONLY=transfer,reveal runs a subset.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ROOT_DIR } from "../../config.ts";
import type { BenchRow } from "../rows.ts";
import { startServerProcess } from "../server.ts";
import { WEB_BENCHES } from "./modules.ts";

export async function runWebBenchmarks(): Promise<BenchRow[]> {
  execFileSync(process.execPath, ["--import", "tsx", path.join(ROOT_DIR, "api/src/cli/buildIfNeeded.ts")], { cwd: ROOT_DIR, stdio: "inherit" });
  const only = (process.env.BENCH_WEB_ONLY || "").split(",").filter(Boolean);
  const dataDir = mkdtempSync(path.join(tmpdir(), "foilbound-bench-web-"));
  const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: "" }, Number(process.env.BENCH_WEB_PORT || 3390));
  const ctx = { baseUrl: server.url.replace("127.0.0.1", "localhost"), chromiumPath: process.env.CHROMIUM_PATH || "/usr/bin/chromium" };
  const rows: BenchRow[] = [];
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
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

