import { randomBytes } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import knex from "knex";
import { createDb, migrateLatest, pgliteOf, type Db } from "../db/knex.ts";
import { seed } from "../db/seed.ts";

/**
 * A migrated and seeded embedded database as PGlite's dump, made once per test process: each test
 * file's database starts from a copy (~4 s of migrations and seed per file, in CI's two runs).
 */
let template: Promise<Blob> | undefined;
function migratedTemplate(): Promise<Blob> {
  template ??= (async () => {
    const db = createDb({});
    try {
      await migrateLatest(db);
      await seed(db);
      const pglite = pgliteOf(db);
      if (!(pglite instanceof PGlite)) throw new Error("the embedded test database is not an in-memory PGlite");
      return await pglite.dumpDataDir("none");
    } finally {
      await db.destroy();
    }
  })();
  return template;
}

export interface TestDb {
  db: Db;
  kind: "pglite" | "postgres";
  /** The database's URL on the server (PostgreSQL only): for a second pool, as another process would have. */
  url?: string;
  destroy(): Promise<void>;
}

/**
 * A fresh, migrated and seeded database for one test file: an in-memory PGlite by default, or
 * with DATABASE_URL set, a brand-new database on that server (dropped afterwards), so test
 * files never see each other's rows even when they run in parallel.
 */
export async function createTestDb(opts: { poolMax?: number } = {}): Promise<TestDb> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const db = createDb({ loadDataDir: await migratedTemplate() });
    return { db, kind: "pglite", destroy: () => db.destroy() };
  }
  const name = `fb_test_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const admin = knex({ client: "pg", connection: url, pool: { min: 0, max: 1 } });
  await admin.raw(`CREATE DATABASE ${name}`);
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const db = createDb({ databaseUrl: testUrl.toString(), poolMax: opts.poolMax ?? 20 });
  await migrateLatest(db);
  await seed(db);
  return {
    db,
    kind: "postgres",
    url: testUrl.toString(),
    async destroy() {
      await db.destroy();
      await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.destroy();
    },
  };
}
