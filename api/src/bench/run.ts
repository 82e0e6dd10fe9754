// `npm run bench`: the API's and the browser's speed targets as one table (issue 11); `bench:api`
// and `bench:web` run one half. Needs PostgreSQL
// (BENCH_DATABASE_URL, else DATABASE_URL, else the local server), pgbench and wrk; works in a
// fresh database it drops after. Knobs for a shorter run: BENCH_SECONDS (10), BENCH_REPEATS (3),
// BENCH_LB_PLAYERS / BENCH_LB_CARDS (100,000 / 5,000,000), BENCH_BIG_COLLECTION (5,000),
// BENCH_WEB_CONCURRENCY (API workers, 1), BENCH_PORT (3322; the bench also uses the next one),
// BENCH_LOG_BLOCKS (10: the request log's blocks), BENCH_API_ONLY=embedded (only the embedded
// database's row; needs no PostgreSQL), BENCH_API_ONLY=open-pack, BENCH_API_ONLY=card-stacks (the
// stacks' cost on open-pack, its own two databases), BENCH_API_ONLY=fair-share (one
// player's flood of heavy reads against other players' p99, on both databases).
import { benchFairPacks, benchPullEngine } from "../game/bench.ts";
import { nodeHmac } from "../lib/fairSeeds.ts";
import { apiBenchOptionsFromEnv, runApiBench } from "./api.ts";
import { runWebBenchmarks } from "./web/run.ts";
import { printRows, verdict, type BenchRow } from "./rows.ts";

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
  const fair = benchFairPacks(nodeHmac, 2000);
  rows.push({
    benchmark: "pull engine (provably fair stream, node:crypto HMAC per block)",
    result: `${Math.round(fair.pullsPerSecond).toLocaleString("en-US")} pulls/s`,
    baseline: "-",
    // A pack is three pulls; 100,000 pulls/s leaves the engine at 30 µs of a pack's ~1 ms of API CPU.
    target: "> 100,000 pulls/s",
    verdict: verdict(fair.pullsPerSecond > 100_000),
  });
  rows.push(...(await runApiBench(apiBenchOptionsFromEnv(env))));
  return rows;
}


if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now();
  // BENCH_ONLY=api or web runs one half; by default both go into one table.
  const only = process.env.BENCH_ONLY;
  const rows: BenchRow[] = [];
  if (only !== "web") {
    rows.push(...(await runApiBenchmarks()));
    // Printed at once too: a failure in the browser half must not lose minutes of API figures.
    console.log();
    printRows(rows);
  }
  if (only !== "api") rows.push(...(await runWebBenchmarks()));
  console.log();
  printRows(rows);
  console.log(`\n(${((performance.now() - started) / 1000).toFixed(0)} s)`);
}
