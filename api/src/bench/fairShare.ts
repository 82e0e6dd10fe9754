// The fair share rows of the API half (issue 45, deliverable 2): one player with a large pull
// history and collection floods the API with heavy reads, as a hostile script would (100
// summaries and 10 collections at once, each asked again the moment it is answered, refusals and
// Retry-After ignored), while other players call GET /api/user. Their p99 is measured under the
// flood and, in the same run, without it; GET /api/health of the same server is the control (the
// Koa floor, no database). On the embedded database and on PostgreSQL (a fresh database it
// drops after). BENCH_API_ONLY=fair-share runs these rows alone.
import { Agent, request } from "node:http";
import { readFileSync, rmSync } from "node:fs";
import knex, { type Knex } from "knex";
import { openDb } from "../db/knex.ts";
import { pullCard } from "../game/pull.ts";
import { recordOf, tierMask } from "../game/pullRecord.ts";
import { points } from "../game/rarity.ts";
import { seededRandom } from "../game/seededRandom.ts";
import { CARDS_PER_PACK, SETS, type Card } from "../game/sets.ts";
import { formatSpread, repeat, spread, verdict, type BenchRow } from "./rows.ts";
import { cpuSeconds, measured, signUp, startServerProcess, type Measured, type ServerProcess } from "./server.ts";
import { runWrk, type WrkResult } from "./wrk.ts";
import { cardIdentityColumns } from "../db/cardIdentity.ts";

export interface FairShareBenchOptions {
  /** A PostgreSQL server URL (any database on it); the bench creates and drops its own. */
  adminUrl: string;
  seconds: number;
  repeats: number;
  port: number;
  /** Only the embedded database's row (no PostgreSQL needed). */
  embeddedOnly?: boolean;
  log?: (line: string) => void;
}

/** The flooding player: 6,667 packs of history, and the first 20,000 of their cards kept. */
export const FLOOD_PACKS = 6_667;
export const FLOOD_CARDS = 20_000;
/** The hostile script's requests in flight: pull summaries and whole collections. */
export const FLOOD_SUMMARIES = 100;
export const FLOOD_COLLECTIONS = 10;
/** Other players, one wrk connection each. */
export const OTHER_PLAYERS = 8;
/** The flood runs this long before the other players are measured under it. */
const FLOOD_SETTLE_MS = 2_000;
/** Then the server's CPU is read over this long with the flood alone: what it costs, whatever the machine's noise. */
const FLOOD_CPU_MS = 3_000;
/** Between a flood's end and the next baseline: its last answers (paused refusals) drain. */
const QUIET_MS = 1_500;

/**
 * Gives one player `packs` packs of pull history (real pulls, sets in turn, as the pack opener
 * writes them) and the first `cards` of those cards as their collection, with the counters the
 * opener keeps (packs per set, card count, score, nonce): knex inserts in batches, seconds on
 * either database instead of thousands of requests.
 */
export async function seedFlooder(db: Knex, userId: number, opts: { packs: number; cards: number }): Promise<void> {
  const rng = seededRandom(45);
  const user = await db("users").where("id", userId).first("server_seed_hash", "client_seed");
  const start = Date.now() - opts.packs * 60_000;
  const packs: Array<{ set: number; cards: Card[] }> = [];
  for (let i = 0; i < opts.packs; i++) {
    const set = SETS[i % SETS.length]!.id;
    packs.push({ set, cards: Array.from({ length: CARDS_PER_PACK }, () => pullCard(set, rng)) });
  }
  const pullRows = packs.map((p, i) => ({
    user_id: userId,
    set: p.set,
    opened_at: new Date(start + i * 60_000),
    server_seed_hash: user.server_seed_hash,
    client_seed: user.client_seed,
    nonce: i,
    pity: false,
    tiers: tierMask(p.cards),
    cards: JSON.stringify(p.cards.map(recordOf)),
  }));
  for (let i = 0; i < pullRows.length; i += 500) await db("pulls").insert(pullRows.slice(i, i + 500));
  const cards = packs.flatMap((p) => p.cards).slice(0, opts.cards);
  const cardRows = cards.map((c) => ({ user_id: userId, ...cardIdentityColumns(c), points: points(c) }));
  for (let i = 0; i < cardRows.length; i += 1000) await db("cards").insert(cardRows.slice(i, i + 1000));
  const perSet = Object.fromEntries(SETS.map((s) => [`set${s.id}_packs_opened`, packs.filter((p) => p.set === s.id).length]));
  await db("users")
    .where("id", userId)
    .update({ ...perSet, fair_nonce: opts.packs, card_count: cards.length, total_score: cardRows.reduce((s, c) => s + c.points, 0) });
  for (const table of ["users", "cards", "pulls", "player_scores"]) await db.raw(`VACUUM ANALYZE ${table}`);
}

export interface FloodCounts {
  /** Answers by path and status ("/api/collection 200"). */
  statuses: Record<string, number>;
  /** Socket errors. */
  errors: number;
  seconds: number;
}

/**
 * The hostile script: `summaries` + `collections` requests always in flight over kept-alive
 * connections, each asked again the moment its answer is read (a 429's Retry-After ignored). It
 * asks for compressed answers, as a browser's fetch does. Runs in the bench's process: at about
 * one request a second per connection (the server pauses refusals) it costs little CPU here.
 */
export function startFlood(url: string, cookie: string, opts: { summaries: number; collections: number }) {
  const agent = new Agent({ keepAlive: true, maxSockets: opts.summaries + opts.collections });
  const counts: FloodCounts = { statuses: {}, errors: 0, seconds: 0 };
  const started = performance.now();
  let stopped = false;
  const one = (path: string) =>
    new Promise<void>((resolve) => {
      const req = request(
        `${url}${path}`,
        { agent, headers: { Cookie: cookie, Origin: url, "Accept-Encoding": "gzip, deflate, br" } },
        (res) => {
          const key = `${path} ${res.statusCode}`;
          counts.statuses[key] = (counts.statuses[key] ?? 0) + 1;
          res.resume();
          res.on("end", resolve);
          res.on("error", resolve);
        },
      );
      req.on("error", () => {
        counts.errors++;
        // Not a hot loop on a refused connection.
        setTimeout(resolve, 10);
      });
      req.end();
    });
  const loop = async (path: string) => {
    while (!stopped) await one(path);
  };
  const loops = [
    ...Array.from({ length: opts.summaries }, () => loop("/api/pulls/summary")),
    ...Array.from({ length: opts.collections }, () => loop("/api/collection")),
  ];
  return {
    /** Stops asking, waits for the answers in flight, and returns what came back. */
    async stop(): Promise<FloodCounts> {
      stopped = true;
      counts.seconds = (performance.now() - started) / 1000;
      await Promise.all(loops);
      agent.destroy();
      return counts;
    },
  };
}

interface Round {
  user: WrkResult;
  health: WrkResult;
  floodedUser: WrkResult;
  floodedHealth: WrkResult;
  flood: FloodCounts;
  /** The server process's CPU (all its threads) with only the flood running, in cores. */
  floodCpu: number;
}

const fmt = (values: number[], unit: string, digits = 0) => formatSpread(spread(values), unit, digits);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The same-run measurement on one server: baseline, then under the flood, `repeats` times. */
async function measureFairShare(server: ServerProcess, flooder: string, others: string[], opts: FairShareBenchOptions, label: string): Promise<Round[]> {
  const say = opts.log ?? ((line: string) => console.error(line));
  const get = (path: string, seconds: number) =>
    measured(server, () => runWrk({ url: `${server.url}${path}`, cookies: path === "/api/health" ? [""] : others, origin: server.url, connections: others.length, seconds }));
  // The cores the server process got during a run: on shared cores, what the rest of the machine left it.
  const cores = (m: Measured) => ((m.cpuMsPerRequest * m.perSecond) / 1000).toFixed(2);
  const healthSeconds = Math.max(2, Math.round(opts.seconds / 2));
  // Warm-up: JIT, pools, PostgreSQL's caches, the flooder's summary computed once.
  await get("/api/user", 2);
  const warm = startFlood(server.url, flooder, { summaries: 2, collections: 1 });
  await sleep(2_000);
  await warm.stop();
  await sleep(QUIET_MS);
  return repeat(opts.repeats, async (r) => {
    const user = await get("/api/user", opts.seconds);
    const health = await get("/api/health", healthSeconds);
    const flood = startFlood(server.url, flooder, { summaries: FLOOD_SUMMARIES, collections: FLOOD_COLLECTIONS });
    await sleep(FLOOD_SETTLE_MS);
    const cpuFrom = cpuSeconds(server.pid);
    const cpuAt = performance.now();
    await sleep(FLOOD_CPU_MS);
    const floodCpu = (cpuSeconds(server.pid) - cpuFrom) / ((performance.now() - cpuAt) / 1000);
    const floodedUser = await get("/api/user", opts.seconds);
    const floodedHealth = await get("/api/health", healthSeconds);
    const counts = await flood.stop();
    await sleep(QUIET_MS);
    say(
      `${label} fair share round ${r + 1}: /api/user p99 ${user.p99.toFixed(1)} ms alone (${user.perSecond.toFixed(0)}/s, server ${cores(user)} cores), ` +
        `${floodedUser.p99.toFixed(1)} ms flooded (${floodedUser.perSecond.toFixed(0)}/s, server ${cores(floodedUser)} cores); ` +
        `/api/health p99 ${health.p99.toFixed(1)} / ${floodedHealth.p99.toFixed(1)} ms; the flood alone ${(floodCpu * 100).toFixed(0)}% of a core; flood answers ${JSON.stringify(counts.statuses)} in ${counts.seconds.toFixed(1)} s, ${counts.errors} socket errors; load average ${readFileSync("/proc/loadavg", "utf8").split(" ")[0]}`,
    );
    return { user, health, floodedUser, floodedHealth, flood: counts, floodCpu };
  });
}

/** The row of one database's rounds. */
export function fairShareRow(database: string, rounds: Round[]): BenchRow {
  const flooded = rounds.map((r) => r.floodedUser);
  const alone = rounds.map((r) => r.user);
  /** Answers a second whose "path status" key passes `which`. */
  const answered = (which: (key: string) => boolean) => rounds.map((r) => Object.entries(r.flood.statuses).reduce((s, [key, n]) => s + (which(key) ? n : 0), 0) / r.flood.seconds);
  const errors = [...flooded, ...alone].reduce((s, m) => s + m.errors, 0);
  const p99 = spread(flooded.map((m) => m.p99)).median;
  return {
    benchmark: `fair share on ${database}: GET /api/user, ${OTHER_PLAYERS} players, while one player (${FLOOD_CARDS.toLocaleString("en-US")} cards, ${FLOOD_PACKS.toLocaleString("en-US")} packs) floods ${FLOOD_SUMMARIES} GET /pulls/summary + ${FLOOD_COLLECTIONS} GET /collection at once`,
    result:
      `p99 ${fmt(flooded.map((m) => m.p99), " ms", 1)}, p50 ${fmt(flooded.map((m) => m.p50), " ms", 1)}, ${fmt(flooded.map((m) => m.perSecond), "/s")}` +
      `; the flood got ${fmt(answered((k) => k === "/api/pulls/summary 200"), " summaries/s", 1)}, ${fmt(answered((k) => k === "/api/collection 200"), " collections/s", 1)}, ${fmt(answered((k) => !k.endsWith(" 200")), " refusals/s")}` +
      `, costing the server ${fmt(rounds.map((r) => r.floodCpu * 100), "% of a core")} alone` +
      (errors ? ` (${errors} errors)` : ""),
    baseline:
      `no flood: p99 ${fmt(alone.map((m) => m.p99), " ms", 1)}, ${fmt(alone.map((m) => m.perSecond), "/s")}; ` +
      `GET /api/health p99 ${fmt(rounds.map((r) => r.floodedHealth.p99), " ms", 1)} flooded, ${fmt(rounds.map((r) => r.health.p99), " ms", 1)} not`,
    target: "p99 <= 200 ms",
    verdict: verdict(p99 <= 200 && errors === 0),
  };
}

async function signUpPlayers(url: string): Promise<{ flooder: string; others: string[] }> {
  const flooder = await signUp(url, "flooder");
  const others: string[] = [];
  for (let i = 0; i < OTHER_PLAYERS; i++) others.push(await signUp(url, `other${i}`));
  return { flooder, others };
}

const flooderId = async (db: Knex): Promise<number> => (await db("users").where("username", "flooder").first("id")).id;

/** The embedded database's row: sign-ups through a server, the seed with it stopped, then the rounds. */
async function embeddedRounds(opts: FairShareBenchOptions): Promise<Round[]> {
  const say = opts.log ?? ((line: string) => console.error(line));
  const dataDir = `/tmp/foilbound-bench-fair-${process.pid}`;
  const env = { DATABASE_URL: "", DATA_DIR: dataDir, SESSION_SECRET: "bench-secret", LOG_REQUESTS: "0" };
  let server: ServerProcess | null = null;
  try {
    rmSync(dataDir, { recursive: true, force: true });
    server = await startServerProcess(env, opts.port);
    const players = await signUpPlayers(server.url);
    await server.stop();
    server = null;
    // Only one process may open the folder: seeded while no server holds it.
    say(`embedded fair share: seeding ${FLOOD_PACKS} packs, ${FLOOD_CARDS} cards`);
    const db = await openDb({ dataDir });
    try {
      await seedFlooder(db, await flooderId(db), { packs: FLOOD_PACKS, cards: FLOOD_CARDS });
    } finally {
      await db.destroy();
    }
    server = await startServerProcess(env, opts.port);
    return await measureFairShare(server, players.flooder, players.others, opts, "embedded");
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** PostgreSQL's row, in a fresh database dropped after. */
async function postgresRounds(opts: FairShareBenchOptions): Promise<Round[]> {
  const say = opts.log ?? ((line: string) => console.error(line));
  const dbName = `foilbound_bench_fair_${Date.now().toString(36)}`;
  const admin = knex({ client: "pg", connection: opts.adminUrl, pool: { min: 0, max: 1 } });
  await admin.raw(`CREATE DATABASE ${dbName}`);
  const benchUrl = new URL(opts.adminUrl);
  benchUrl.pathname = `/${dbName}`;
  const dataDir = `/tmp/foilbound-bench-fair-pg-${process.pid}`;
  let server: ServerProcess | null = null;
  try {
    server = await startServerProcess({ DATABASE_URL: benchUrl.toString(), DATA_DIR: dataDir, SESSION_SECRET: "bench-secret", LOG_REQUESTS: "0" }, opts.port);
    const players = await signUpPlayers(server.url);
    say(`PostgreSQL fair share: seeding ${FLOOD_PACKS} packs, ${FLOOD_CARDS} cards`);
    const db = knex({ client: "pg", connection: benchUrl.toString(), pool: { min: 0, max: 1 } });
    try {
      await seedFlooder(db, await flooderId(db), { packs: FLOOD_PACKS, cards: FLOOD_CARDS });
    } finally {
      await db.destroy();
    }
    return await measureFairShare(server, players.flooder, players.others, opts, "PostgreSQL");
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await admin.raw(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.destroy();
  }
}

export async function runFairShareBench(opts: FairShareBenchOptions): Promise<BenchRow[]> {
  const rows = [fairShareRow("the embedded database (PGlite)", await embeddedRounds(opts))];
  if (!opts.embeddedOnly) rows.push(fairShareRow("PostgreSQL", await postgresRounds(opts)));
  return rows;
}
