// `npm run admin -- <command>`: operator actions (issue 46). See ADMIN_USAGE in adminCommands.ts.
// With the embedded database, only one process may open the data folder: stop the server first
// (or run against PostgreSQL with DATABASE_URL, where the server may keep running).
import { loadConfig } from "../config.ts";
import { migrateLatest, openDb } from "../db/knex.ts";
import { selectPaymentProvider } from "../payments/select.ts";
import { runAdmin } from "./adminCommands.ts";

const config = loadConfig();
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch((err: unknown) => {
  // The server holds the embedded database: one line saying so, not a stack.
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
let code = 1;
try {
  await migrateLatest(db);
  code = await runAdmin(db, process.argv.slice(2), (line) => console.log(line), new Date(), { payments: selectPaymentProvider(config, db) });
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
} finally {
  await db.destroy();
}
process.exit(code);
