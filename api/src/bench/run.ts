// `npm run bench`: speed targets, printed as a table. Needs PostgreSQL (BENCH_DATABASE_URL,
// else DATABASE_URL, else the local server); each run works in a fresh database it drops after.
import knex from "knex";
import { benchPullEngine } from "../game/bench.ts";
import { closeAgent, httpCall, printTable, runLoad } from "./load.ts";
import { seedLeaderboard } from "./leaderboardSeed.ts";
import { hasPgbench, runPgbench } from "./pgbench.ts";
import { signUp, startServerProcess } from "./server.ts";

const CLIENTS = 32;
const LEADERBOARD_CLIENTS = 8;
const LEADERBOARD_PLAYERS = Number(process.env.BENCH_LB_PLAYERS || 100_000);
const LEADERBOARD_CARDS = Number(process.env.BENCH_LB_CARDS || 5_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const adminUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";

const rows: Array<Record<string, string | number>> = [];
const row = (benchmark: string, result: string, target: string, ok: boolean | null) =>
  rows.push({ benchmark, result, target, verdict: ok === null ? "-" : ok ? "met" : "MISSED" });

// 1. The pure pull engine.
const engine = benchPullEngine(2000);
row("pull engine (pure, seeded)", `${Math.round(engine.pullsPerSecond).toLocaleString("en-US")} pulls/s`, "> 1,000,000 pulls/s", engine.pullsPerSecond > 1_000_000);

// 2. open-pack through the API vs pgbench on the same database.
const dbName = `foilbound_bench_${Date.now().toString(36)}`;
const admin = knex({ client: "pg", connection: adminUrl, pool: { min: 0, max: 1 } });
await admin.raw(`CREATE DATABASE ${dbName}`);
const benchUrl = new URL(adminUrl);
benchUrl.pathname = `/${dbName}`;
try {
  const server = await startServerProcess({ DATABASE_URL: benchUrl.toString(), DATA_DIR: "/tmp/foilbound-bench" });
  try {
    const cookies: string[] = [];
    for (let i = 0; i < CLIENTS; i++) cookies.push(await signUp(server.url, `bench${i}`));
    const db = knex({ client: "pg", connection: benchUrl.toString(), pool: { min: 0, max: 2 } });
    await db("users").update({ coins: 10_000_000 });
    await db.destroy();

    const open = (client: number) =>
      httpCall(`${server.url}/api/open-pack`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: server.url, Cookie: cookies[client]! },
        body: '{"set":1}',
      }).then((r) => r.status === 200);
    // Warm-up: JIT, the connection pool filling, PostgreSQL caches.
    await runLoad({ clients: CLIENTS, seconds: 5, request: open });
    const load = await runLoad({ clients: CLIENTS, seconds: SECONDS, request: open });
    row(`open-pack, ${CLIENTS} clients: throughput`, `${load.perSecond.toFixed(0)} packs/s (${load.errors} errors)`, "-", load.errors === 0 ? null : false);
    row(`open-pack, ${CLIENTS} clients: p50 latency`, `${load.p50.toFixed(1)} ms`, "-", null);
    row(`open-pack, ${CLIENTS} clients: p99 latency`, `${load.p99.toFixed(1)} ms`, "< 50 ms", load.p99 < 50);

    if (hasPgbench()) {
      const pg = runPgbench(benchUrl.toString(), { clients: CLIENTS, seconds: SECONDS });
      row(`pgbench TPC-B, ${CLIENTS} clients`, `${pg.tps.toFixed(0)} tps`, "-", null);
      const ratio = load.perSecond / pg.tps;
      row("open-pack / pgbench", `${(ratio * 100).toFixed(0)}%`, ">= 50%", ratio >= 0.5);
    } else {
      row("pgbench TPC-B", "pgbench not installed", "-", null);
    }

    // 3. Leaderboard reads at scale, in the same database, by a player who has cards.
    const seedStart = performance.now();
    const seedDb = knex({ client: "pg", connection: benchUrl.toString(), pool: { min: 0, max: 1 } });
    await seedLeaderboard(seedDb, { players: LEADERBOARD_PLAYERS, cards: LEADERBOARD_CARDS });
    const population = await seedDb("users").where("card_count", ">", 0).count("* as n").first();
    const cardTotal = await seedDb("cards").count("* as n").first();
    await seedDb.destroy();
    console.log(`seeded ${Number(population?.n).toLocaleString("en-US")} players, ${Number(cardTotal?.n).toLocaleString("en-US")} cards in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`);
    const scale = `${(LEADERBOARD_PLAYERS / 1000).toFixed(0)}k players, ${(LEADERBOARD_CARDS / 1e6).toFixed(0)}M cards`;
    const get = (path: string) => (client: number) =>
      httpCall(`${server.url}${path}`, { headers: { Origin: server.url, Cookie: cookies[client]! } }).then((r) => r.status === 200);
    const middle = Math.floor(LEADERBOARD_PLAYERS / 2);
    for (const [label, path] of [
      ["GET /leaderboard (top 50, 9 best cards each)", "/api/leaderboard"],
      [`GET /leaderboard?offset=${middle}`, `/api/leaderboard?offset=${middle}`],
      ["GET /user/rank", "/api/user/rank"],
      ["GET /trade/cards (market listing)", "/api/trade/cards"],
    ] as const) {
      // Latency as one player sees it (one request at a time), then throughput under concurrency.
      await runLoad({ clients: 1, seconds: 1, request: get(path) });
      const one = await runLoad({ clients: 1, seconds: Math.min(SECONDS, 5), request: get(path) });
      row(`${label}, ${scale}: p50`, `${one.p50.toFixed(1)} ms (p99 ${one.p99.toFixed(1)} ms)`, "< 20 ms", one.p50 < 20 && one.errors === 0);
      const many = await runLoad({ clients: LEADERBOARD_CLIENTS, seconds: Math.min(SECONDS, 5), request: get(path) });
      row(`${label}, ${LEADERBOARD_CLIENTS} clients`, `${many.perSecond.toFixed(0)}/s, p50 ${many.p50.toFixed(1)} ms${many.errors ? `, ${many.errors} errors` : ""}`, "-", many.errors ? false : null);
    }
  } finally {
    closeAgent();
    await server.stop();
  }
} finally {
  await admin.raw(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.destroy();
}

console.log();
printTable(rows);
