// `npm run db:migrate`: applies pending migrations (and the seed) to the configured database.
import { loadConfig } from "../config.ts";
import { createDb, migrateLatest } from "../db/knex.ts";
import { seed } from "../db/seed.ts";

const config = loadConfig();
const db = createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrateLatest(db);
  await seed(db);
  const [, done] = await db.migrate.list();
  console.log(`database ${config.databaseUrl ? "postgres" : config.dataDir}: up to date, ${done.length} pending none`);
} finally {
  await db.destroy();
}
