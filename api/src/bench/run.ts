// `npm run bench`: the API's speed targets as one table (issue 11). Needs PostgreSQL
// (BENCH_DATABASE_URL, else DATABASE_URL, else the local server), pgbench and wrk; works in a
// fresh database it drops after. Knobs for a shorter run: BENCH_SECONDS (10), BENCH_REPEATS (3),
// BENCH_LB_PLAYERS / BENCH_LB_CARDS (100,000 / 5,000,000), BENCH_BIG_COLLECTION (5,000),
// BENCH_WEB_CONCURRENCY (API workers, 1), BENCH_PORT (3322; the bench also uses the next one).
import { benchPullEngine } from "../game/bench.ts";
import { apiBenchOptionsFromEnv, runApiBench } from "./api.ts";
import { verdict, type BenchRow } from "./rows.ts";

/** Every API row: the pure pull engine, then the load tests. */
export async function runApiBenchmarks(env = process.env): Promise<BenchRow[]> {
  const engine = benchPullEngine(2000);
  const rows: BenchRow[] = [
    {
      benchmark: "pull engine (pure, seeded)",
      result: `${Math.round(engine.pullsPerSecond).toLocaleString("en-US")} pulls/s`,
      baseline: "-",
      target: "> 1,000,000 pulls/s",
      verdict: verdict(engine.pullsPerSecond > 1_000_000),
    },
  ];
  rows.push(...(await runApiBench(apiBenchOptionsFromEnv(env))));
  return rows;
}

export function printRows(rows: BenchRow[]): void {
  const cols = ["benchmark", "result", "baseline", "target", "verdict"] as const;
  const widths = cols.map((c) => Math.max(c.length, ...rows.map((r) => r[c].length)));
  const line = (vals: string[]) => "| " + vals.map((v, i) => v.padEnd(widths[i]!)).join(" | ") + " |";
  console.log(line([...cols]));
  console.log("|" + widths.map((w) => "-".repeat(w + 2)).join("|") + "|");
  for (const r of rows) console.log(line(cols.map((c) => r[c])));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now();
  const rows = await runApiBenchmarks();
  console.log();
  printRows(rows);
  console.log(`\n(${((performance.now() - started) / 1000).toFixed(0)} s)`);
}
