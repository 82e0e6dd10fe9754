import type { Db } from "./knex.ts";
import { pgliteOf } from "./knex.ts";

/**
 * PostgreSQL's autovacuum keeps the planner's statistics up to date as tables grow; the embedded
 * database (PGlite, one process, no background workers) runs none. Without statistics a prepared
 * statement's generic plan, made while the tables were small, is a sequential scan that stays in
 * use as collections grow (bench: open-pack 238 -> 166 packs/s), and planning every execution
 * instead cost about half of a pack's time. So the server analyzes a table itself once its row
 * count has moved by more than 50 rows + 10% since its last analyze (autovacuum's default
 * thresholds, but counting growth, not changes: the plans follow the sizes, and the players'
 * rows, updated on every pack, would otherwise be analyzed on every check, each time throwing
 * away every cached plan that reads them). ANALYZE makes PostgreSQL drop the cached plans that
 * read the table, so the next execution plans again with the new figures.
 */
export const ANALYZE_BASE_ROWS = 50;
export const ANALYZE_SCALE = 0.1;
const ANALYZE_STATISTICS_TARGET = 10;
// Often: a generic plan made before a table's first analyze stays in use until the next one, and
// a young table outgrows its figures fast. The check itself is one small catalog read.
export const ANALYZE_EVERY_MS = 5_000;

/** Analyzes the embedded database's tables whose size moved enough; returns their names. A no-op on a server. */
export async function analyzeChangedTables(db: Db): Promise<string[]> {
  const pglite = pgliteOf(db);
  if (!pglite) return [];
  // Row counts are kept per transaction and published to the statistics views at most once a
  // second; publishing this session's pending counts first lets a check right after a burst see them.
  await db.raw("SELECT pg_stat_force_next_flush()");
  // reltuples is -1 for a table never analyzed.
  const { rows } = await db.raw<{ rows: Array<{ relname: string }> }>(
    `SELECT s.relname FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
     WHERE s.schemaname = 'public' AND abs(s.n_live_tup - greatest(c.reltuples, 0)) > ?::float8 + ?::float8 * greatest(c.reltuples, 0)`,
    [ANALYZE_BASE_ROWS, ANALYZE_SCALE],
  );
  const tables = rows.map((r) => r.relname);
  if (!tables.length) return tables;
  // PGlite serves every request on one thread, so an analyze stalls them all: a sample of 3,000
  // rows (statistics target 10) takes ~15 ms on a 100k-row table, the default 30,000 ~160 ms.
  // Row counts and rough distributions are all these plans need.
  await db.transaction(async (trx) => {
    await trx.raw(`SET LOCAL default_statistics_target = ${ANALYZE_STATISTICS_TARGET}`);
    for (const table of tables) await trx.raw("ANALYZE ??", [table]);
  });
  return tables;
}

/** Checks every 5 s while the server runs (and once now); the timer never holds the process open. */
export function startEmbeddedAnalyze(db: Db, onError: (err: unknown) => void): NodeJS.Timeout | null {
  if (!pgliteOf(db)) return null;
  const run = () => void analyzeChangedTables(db).catch(onError);
  run();
  const timer = setInterval(run, ANALYZE_EVERY_MS);
  timer.unref();
  return timer;
}
