// `npm run db:migrate`: applies pending migrations (and the seed) to the configured database.
import { loadConfig } from "../config.ts";
import { migrateLatest, openDb } from "../db/knex.ts";
import { seed } from "../db/seed.ts";

const config = loadConfig();
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrateLatest(db);
  await seed(db);
  const [applied] = (await db.migrate.list()) as [unknown[], unknown[]];
  console.log(`${config.databaseUrl ? "PostgreSQL" : `embedded database in ${config.dataDir}`}: ${applied.length} migration(s) applied, schema up to date`);
} finally {
  await db.destroy();
}
