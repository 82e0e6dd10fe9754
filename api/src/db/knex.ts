import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import knex, { type Knex } from "knex";
import ClientPgLite from "knex-pglite";
import pg from "pg";
import { lockDataDir } from "./dataDirLock.ts";
import { migrationSource } from "./migrations/index.ts";

export type Db = Knex;
export type Trx = Knex.Transaction;

// int8 (bigint, count(*)) and numeric arrive as strings from pg and as BigInt from PGlite;
// every value we keep fits in a double, so both drivers hand back plain numbers.
// DATE columns (reward periods) stay 'YYYY-MM-DD' strings: a Date would shift with the server's zone.
const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;
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
}

export const migrationConfig: Knex.MigratorConfig = {
  migrationSource,
  tableName: "knex_migrations",
};

export function createDb(opts: DbOptions): Db {
  if (opts.databaseUrl) {
    return knex({
      client: "pg",
      connection: opts.databaseUrl,
      pool: { min: 0, max: opts.poolMax ?? 10 },
      migrations: migrationConfig,
    });
  }
  let dir: string | undefined;
  let releaseLock: (() => void) | undefined;
  if (opts.dataDir) {
    mkdirSync(opts.dataDir, { recursive: true });
    // Before PGlite touches the folder: a second process must fail without writing anything.
    // Released when the database is closed, or at exit (every shutdown path ends in process.exit);
    // a lock left by kill -9 is stale.
    const lock = lockDataDir(opts.dataDir);
    releaseLock = () => lock.release();
    process.once("exit", releaseLock);
    dir = path.join(opts.dataDir, "pglite");
    mkdirSync(dir, { recursive: true });
  }
  // One options object: PGlite ignores the second argument when the first is not a string.
  const pglite = new PGlite({
    dataDir: dir,
    loadDataDir: opts.loadDataDir,
    parsers: { [INT8]: (v: string) => Number(v), [NUMERIC]: (v: string) => Number(v), [DATE]: (v: string) => v },
  });
  const db = knex({
    client: ClientPgLite as unknown as typeof knex.Client,
    connection: { pglite } as unknown as Knex.StaticConnectionConfig,
    migrations: migrationConfig,
  });
  // A tool that opens the folder, closes it and then starts a server on it (the bench does) must
  // not leave its own lock in the server's way.
  if (releaseLock) {
    // knex's destroy is read-only; it ends in its client's destroy, which can be wrapped.
    const client = db.client as { destroy(callback?: unknown): Promise<unknown> };
    const destroy = client.destroy.bind(client);
    const release = releaseLock;
    client.destroy = async (callback?: unknown) => {
      try {
        return await destroy(callback);
      } finally {
        release();
        process.off("exit", release);
      }
    };
  }
  return db;
}

/** The embedded database's PGlite instance (undefined on a PostgreSQL server). */
export function pgliteOf(db: Db): PGlite | undefined {
  return (db.client.config.connection as { pglite?: PGlite } | undefined)?.pglite;
}

export function isPostgresServer(db: Db): boolean {
  return db.client.config.client === "pg";
}

export async function migrateLatest(db: Db): Promise<void> {
  await db.migrate.latest(migrationConfig);
}
