import { createServer } from "node:http";
import { createApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { createDb, migrateLatest } from "./db/knex.ts";
import { seed } from "./db/seed.ts";
import { pruneExpired } from "./http/sessionStore.ts";
import { createLogger } from "./logger.ts";

const log = createLogger();
const config = loadConfig();
const db = createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: config.dbPoolMax });

await migrateLatest(db);
await seed(db);
await pruneExpired(db);
const pruneTimer = setInterval(() => pruneExpired(db).catch((err) => log.warn("prune failed", { err: String(err) })), 60 * 60 * 1000);
pruneTimer.unref();

const server = createServer(createApp({ db, config, log }).callback());
server.listen(config.port, () => {
  log.info("listening", {
    url: `http://localhost:${config.port}`,
    database: config.databaseUrl ? "postgres" : `embedded (${config.dataDir})`,
  });
});

// Clean shutdown: stop taking requests, let the ones in flight finish, then close the database
// (PGlite must be closed to leave its data folder consistent).
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info("shutting down", { signal });
  clearInterval(pruneTimer);
  const forced = setTimeout(() => {
    log.error("forced exit after 10 s");
    process.exit(1);
  }, 10_000);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections?.();
  await db.destroy();
  clearTimeout(forced);
  log.info("stopped");
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
