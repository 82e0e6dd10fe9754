// Issue 48, item 6: what keeping card stacks costs open-pack's throughput, before/after in one run.
//
// "Before" and "after" each get their own database, migrated and seeded alike (the same players,
// the same 5,000 cards each), and their own server process started at the same moment:
// - with: the game as it ships (the pack's statement keeps the stacks, the cards' triggers on);
// - without: the pack's statement without the stacks' parts (BENCH_PACKS_WITHOUT_STACKS,
//   packOpener.ts), which is open-pack before stacks existed (a pack fires none of their triggers).
// Why not one database and the cards' triggers switched between runs, as before: ALTER TABLE
// invalidates every cached plan of every connection, and the first second after a switch ran at
// 30-85% of the steady rate; and a long-running server against one just started differed by
// itself (two identical servers read 4 points apart). bench/NOTES.md, "card stacks: measured again".
// Each measured run follows a discarded second on the same server, and the order alternates.
import knex from "knex";
import { rmSync } from "node:fs";
import { migrateLatest } from "../db/knex.ts";
import { formatSpread, spread, verdict, type BenchRow } from "./rows.ts";
import { fillCollections, signUpMany } from "./players.ts";
import { measured, startServerProcess, type Measured, type ServerProcess } from "./server.ts";
import { runWrk } from "./wrk.ts";

export interface CardStacksBenchOptions {
  /** A database on the server the bench may create databases with. */
  adminUrl: string;
  clients: number;
  bigCollection: number;
  /** The first of two ports. */
  port: number;
  webConcurrency: number;
  log: (line: string) => void;
}

/** Blocks of one measured run each way. */
const BLOCKS = 12;
const RUN_SECONDS = 3;
const SETTLE_SECONDS = 1;
/** Before the blocks: JIT, pools, caches, and the collections past their first packs (their second copies). */
const WARM_UP_SECONDS = 10;

interface Side {
  label: "with" | "without";
  server: ServerProcess;
  cookies: string[];
}

/** What a side leaves behind, dropped and removed at the end even when the side failed to start. */
interface Leftovers {
  databases: string[];
  dataDirs: string[];
}

async function prepareSide(opts: CardStacksBenchOptions, label: Side["label"], port: number, left: Leftovers): Promise<Side> {
  const database = `foilbound_stacks_${label}_${Date.now().toString(36)}`;
  const dataDir = `/tmp/foilbound-bench-${process.pid}-stacks-${label}`;
  left.databases.push(database);
  left.dataDirs.push(dataDir);
  const admin = knex({ client: "pg", connection: opts.adminUrl, pool: { min: 0, max: 1 } });
  await admin.raw(`CREATE DATABASE ${database}`);
  await admin.destroy();
  const url = new URL(opts.adminUrl);
  url.pathname = `/${database}`;
  const db = knex({ client: "pg", connection: url.toString(), pool: { min: 0, max: 1 } });
  let server: ServerProcess | undefined;
  try {
    await migrateLatest(db);
    server = await startServerProcess(
      {
        DATABASE_URL: url.toString(),
        DATA_DIR: dataDir,
        SESSION_SECRET: "bench-secret",
        LOG_REQUESTS: "0",
        WEB_CONCURRENCY: String(opts.webConcurrency),
        ...(label === "without" ? { BENCH_PACKS_WITHOUT_STACKS: "1" } : {}),
      },
      port,
    );
    const names = Array.from({ length: opts.clients }, (_, i) => `big${i}`);
    const cookies = await signUpMany(server.url, "big", opts.clients);
    await fillCollections(db, names, opts.bigCollection);
    await db("users").update({ coins: 1_000_000_000 });
    return { label, server, cookies };
  } catch (error) {
    await server?.stop();
    throw error;
  } finally {
    await db.destroy();
  }
}

export async function benchCardStacks(opts: CardStacksBenchOptions): Promise<BenchRow> {
  const sides: Side[] = [];
  const left: Leftovers = { databases: [], dataDirs: [] };
  try {
    sides.push(await prepareSide(opts, "with", opts.port, left));
    sides.push(await prepareSide(opts, "without", opts.port + 1, left));
    const open = (side: Side, seconds: number) =>
      measured(side.server, () =>
        runWrk({ url: `${side.server.url}/api/open-pack`, method: "POST", body: '{"set":1}', cookies: side.cookies, origin: side.server.url, connections: opts.clients, seconds }),
      );
    for (const side of sides) await open(side, WARM_UP_SECONDS);
    const runs = new Map<Side["label"], Measured[]>([["with", []], ["without", []]]);
    const ratios: number[] = [];
    for (let b = 0; b < BLOCKS; b++) {
      for (const side of b % 2 ? [...sides].reverse() : sides) {
        await open(side, SETTLE_SECONDS);
        runs.get(side.label)!.push(await open(side, RUN_SECONDS));
      }
      ratios.push(runs.get("with")!.at(-1)!.perSecond / runs.get("without")!.at(-1)!.perSecond);
    }
    opts.log(`card stacks: ${ratios.map((r) => (r * 100).toFixed(1)).join(", ")} % of without`);
    const fmt = (values: number[], unit: string, digits = 0) => formatSpread(spread(values), unit, digits);
    const on = runs.get("with")!;
    const off = runs.get("without")!;
    return {
      benchmark: `open-pack on PostgreSQL, ${opts.clients} clients, players of ${opts.bigCollection} cards: throughput keeping card stacks (issue 48)`,
      result: `${fmt(ratios.map((x) => x * 100), "%", 1)} of the same without them, over ${BLOCKS} blocks (with: ${fmt(on.map((m) => m.perSecond), " packs/s")}, API CPU ${fmt(on.map((m) => m.cpuMsPerRequest), " ms", 2)} per pack)`,
      baseline: `without (the pack statement without the stacks' parts; a twin database seeded alike): ${fmt(off.map((m) => m.perSecond), " packs/s")}, API CPU ${fmt(off.map((m) => m.cpuMsPerRequest), " ms", 2)} per pack`,
      target: ">= 95%",
      verdict: verdict(spread(ratios).median >= 0.95),
    };
  } finally {
    for (const side of sides) await side.server.stop();
    for (const dir of left.dataDirs) rmSync(dir, { recursive: true, force: true });
    const admin = knex({ client: "pg", connection: opts.adminUrl, pool: { min: 0, max: 1 } });
    for (const database of left.databases) await admin.raw(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.destroy();
  }
}
