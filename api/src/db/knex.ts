import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import knex, { type Knex } from "knex";
import ClientPgLite from "knex-pglite";
import pg from "pg";
import { lockDataDir, type DataDirLock } from "./dataDirLock.ts";
import { DATE, INT8, NUMERIC, PGLITE_PARSERS } from "./pgliteMessages.ts";
import { PgliteOnThread } from "./pgliteOnThread.ts";
import { migrationSource } from "./migrations/index.ts";

export type Db = Knex;
export type Trx = Knex.Transaction;

// int8 (bigint, count(*)) and numeric arrive as strings from pg: plain numbers, as from PGlite
// (pgliteMessages.ts says why, and what DATE columns stay).
pg.types.setTypeParser(INT8, (v) => Number(v));
pg.types.setTypeParser(NUMERIC, (v) => Number(v));
pg.types.setTypeParser(DATE, (v) => v);

export interface DbOptions {
  /** postgres://... when a server is used. */
  databaseUrl?: string;
  /** Folder of the embedded database; omitted means in memory (tests). */
  dataDir?: string;
  /** An in-memory embedded database starts from this dump (PGlite's dumpDataDir) instead of empty. */
  loadDataDir?: Blob;
  poolMax?: number;
  /** The data folder's lock (dataDirLock.ts), taken by openDb before anything opens the folder. */
  dataDirLock?: DataDirLock;
}

export const migrationConfig: Knex.MigratorConfig = {
  migrationSource,
  tableName: "knex_migrations",
};

/**
 * A database, after taking its data folder's lock when it has one: a second process on the folder
 * is refused (DataDirLockedError) before anything in it is opened or written.
 */
export async function openDb(opts: DbOptions): Promise<Db> {
  if (opts.databaseUrl || !opts.dataDir) return createDb(opts);
  mkdirSync(opts.dataDir, { recursive: true });
  const db = createDb({ ...opts, dataDirLock: opts.dataDirLock ?? (await lockDataDir(opts.dataDir)) });
  // Opened before knex asks for it: knex's pool gives up on a connection that takes 30 s to make,
  // and a new folder's initdb or the recovery after a crash can take longer on a slow or busy
  // machine (the server then died with "Timeout acquiring a connection" and started again).
  try {
    await pgliteOf(db)!.waitReady;
  } catch (err) {
    await db.destroy().catch(() => {});
    throw err;
  }
  return db;
}

const locks = new WeakMap<Db, DataDirLock>();

/** Tells a server starting on this database's folder that this process is on its way out: it waits instead of giving up. */
export function announceStopping(db: Db): void {
  locks.get(db)?.stopping();
}

/** The PostgreSQL server URL a database was opened with (undefined for the embedded one). */
export function databaseUrlOf(db: Db): string | undefined {
  const connection = db.client.config.connection as { connectionString?: string } | undefined;
  return isPostgresServer(db) ? connection?.connectionString : undefined;
}

export function createDb(opts: DbOptions): Db {
  if (opts.databaseUrl) {
    return knex({
      client: "pg",
      // JIT off for the game's connections: its statements are short, and JIT compiled any whose
      // cost estimate passed jit_above_cost for ~150-200 ms (the matches statement at 100,000
      // players: 245 ms with it, 90 ms without), never paid back. Sent at connection start-up.
      connection: { connectionString: opts.databaseUrl, options: "-c jit=off" },
      pool: { min: 0, max: opts.poolMax ?? 10 },
      migrations: migrationConfig,
    });
  }
  let dir: string | undefined;
  let releaseLock: (() => void) | undefined;
  const lock = opts.dataDirLock;
  if (opts.dataDir) {
    if (!lock) throw new Error("A data folder is opened with openDb, which locks it first");
    // Released when the database is closed, or at exit (every shutdown path ends in process.exit);
    // after kill -9 or a crash the operating system closes the lock's socket.
    releaseLock = () => lock.release();
    process.once("exit", releaseLock);
    dir = path.join(opts.dataDir, "pglite");
    mkdirSync(dir, { recursive: true });
  }
  // A server's folder gets a thread of its own (pgliteOnThread.ts says why); an in-memory
  // database (tests, which copy a template dump into each) stays on the caller's thread.
  // One options object: PGlite ignores the second argument when the first is not a string.
  const pglite = dir ? new PgliteOnThread(dir) : new PGlite({ loadDataDir: opts.loadDataDir, parsers: PGLITE_PARSERS });
  const db = knex({
    client: ClientPgLite as unknown as typeof knex.Client,
    connection: { pglite } as unknown as Knex.StaticConnectionConfig,
    migrations: migrationConfig,
  });
  if (pglite instanceof PgliteOnThread) {
    // runPrepared's statements bypass the pool while knex does not hold the session (pgliteOnThread.ts).
    const pool = (db.client as { pool: { on(event: string, listener: () => void): void } }).pool;
    pool.on("acquireSuccess", () => pglite.setHeldByKnex(true));
    pool.on("release", () => pglite.setHeldByKnex(false));
  }
  // A tool that opens the folder, closes it and then starts a server on it (the bench does) must
  // not leave its own lock in the server's way.
  if (releaseLock) {
    // knex's destroy is read-only; it ends in its client's destroy, which can be wrapped.
    const client = db.client as { destroy(callback?: unknown): Promise<unknown> };
    const destroy = client.destroy.bind(client);
    const release = releaseLock;
    client.destroy = async (callback?: unknown) => {
      lock!.stopping();
      try {
        return await destroy(callback);
      } finally {
        release();
        process.off("exit", release);
      }
    };
    locks.set(db, lock!);
  }
  return db;
}

/** The embedded database's PGlite (undefined on a PostgreSQL server); a data folder's runs on its own thread. */
export function pgliteOf(db: Db): PGlite | PgliteOnThread | undefined {
  return (db.client.config.connection as { pglite?: PGlite | PgliteOnThread } | undefined)?.pglite;
}

export function isPostgresServer(db: Db): boolean {
  return db.client.config.client === "pg";
}

export async function migrateLatest(db: Db): Promise<void> {
  await db.migrate.latest(migrationConfig);
}
