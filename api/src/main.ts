import cluster from "node:cluster";
import { createServer } from "node:http";
import { loadConfig, type Config } from "./config.ts";
import { DataDirLockedError, lockDataDir, type DataDirLock } from "./db/dataDirLock.ts";
import type { Db } from "./db/knex.ts";
import { createLogger } from "./logger.ts";

// One process, or with WEB_CONCURRENCY=N and DATABASE_URL, a primary that migrates and seeds
// once and then forks N workers sharing the port (Node's cluster module). The API keeps nothing
// in process memory that matters (sessions, limits, battles live in the database), so workers,
// and machines behind a load balancer sharing DATABASE_URL and SESSION_SECRET, are
// interchangeable. The embedded database belongs to one process, so it always runs one.
const log = createLogger();
const config = loadConfig();
// Any fixed number shared by every process of this app ("FOILBND" in ASCII).
const MIGRATION_LOCK = 0x464f494c424e44;

// The embedded database's folder is locked before the app, the database drivers and PGlite load
// (most of a start's time before the database opens: ~6 s of imports on a slow machine), so a
// second server is told at once and a restart holds the folder as early as it can.
let dataDirLock: DataDirLock | undefined;
try {
  if (cluster.isPrimary && !config.databaseUrl) dataDirLock = await lockDataDir(config.dataDir);
} catch (err) {
  if (!(err instanceof DataDirLockedError)) throw err;
  // A plain line on stderr for the person at the terminal, the structured one for collectors.
  log.error("data folder in use", { dataDir: err.dataDir, ownerPid: err.ownerPid });
  process.stderr.write(`\n${err.message}\n\n`);
  process.exit(1);
}
const { createApp } = await import("./app.ts");
const { startEmbeddedAnalyze } = await import("./db/embeddedAnalyze.ts");
const { announceStopping, migrateLatest, openDb } = await import("./db/knex.ts");
const { seed } = await import("./db/seed.ts");
const { pruneExpired } = await import("./http/sessionStore.ts");
const { pruneEvents } = await import("./events/replay.ts");
const { sweepStaleCheckouts } = await import("./commands/purchaseStarter.ts");
const { selectPaymentProvider } = await import("./payments/select.ts");

if (cluster.isPrimary) await startPrimary(config, dataDirLock);
else await startWorker(config);

async function startPrimary(config: Config, dataDirLock: DataDirLock | undefined) {
  let workers = config.webConcurrency;
  if (workers > 1 && !config.databaseUrl) {
    log.warn("WEB_CONCURRENCY ignored: the embedded database (no DATABASE_URL) runs in one process", { requested: workers });
    workers = 1;
  }
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, dataDirLock, poolMax: workers > 1 ? 2 : Math.max(2, config.dbPoolMax) });
  await prepareDatabase(db);
  if (workers <= 1) return serve(config, db);

  // Housekeeping stays with the primary; it keeps two connections for it.
  const pruneTimer = startHousekeeping(db);
  log.info("starting workers", { workers });
  let stopping = false;
  for (let i = 0; i < workers; i++) cluster.fork();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    log.error("worker died, starting another", { pid: worker.process.pid, code, signal });
    cluster.fork();
  });
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info("shutting down", { signal });
    clearInterval(pruneTimer);
    const exits = Object.values(cluster.workers ?? {}).map(
      (w) => new Promise<void>((resolve) => (w!.isDead() ? resolve() : w!.once("exit", () => resolve()))),
    );
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill("SIGTERM");
    await Promise.all(exits);
    await db.destroy();
    log.info("stopped");
    log.flush();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGUSR2", () => {
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill("SIGUSR2");
  });
}

async function startWorker(config: Config) {
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: config.dbPoolMax });
  await serve(config, db, { worker: true });
}

/**
 * Migrations and the seed run once however many processes start: on PostgreSQL under an
 * advisory lock (held by a transaction while they run on other connections), so machines
 * starting together wait for the first instead of racing it.
 */
async function prepareDatabase(db: Db) {
  if (!config.databaseUrl) {
    await migrateLatest(db);
    await seed(db);
    return;
  }
  await db.transaction(async (trx) => {
    await trx.raw("SELECT pg_advisory_xact_lock(?)", [MIGRATION_LOCK]);
    await migrateLatest(db);
    await seed(db);
  });
}

/** Hourly housekeeping, once per deployment's primary: expired sessions and rate windows, and checkouts left uncaptured for 24 hours. */
function startHousekeeping(db: Db) {
  const payments = selectPaymentProvider(config, db);
  const run = () => {
    void pruneExpired(db).catch((err) => log.warn("prune failed", { err: String(err) }));
    void pruneEvents(db).catch((err) => log.warn("event prune failed", { err: String(err) }));
    if (payments) {
      void sweepStaleCheckouts(db, payments)
        .then((ended) => ended > 0 && log.info("stale checkouts ended", { ended }))
        .catch((err) => log.warn("checkout sweep failed", { err: String(err) }));
    }
  };
  run();
  const timer = setInterval(run, 60 * 60 * 1000);
  timer.unref();
  return timer;
}

async function serve(config: Config, db: Db, opts: { worker?: boolean } = {}) {
  const pruneTimer = opts.worker ? null : startHousekeeping(db);
  const analyzeTimer = startEmbeddedAnalyze(db, (err) => log.warn("analyze failed", { err: String(err) }));
  // SIGUSR2 turns the request log off or on without a restart (`kill -USR2 <pid>`; the primary
  // passes it to its workers): for a look at live traffic, and for the benchmark, which measures
  // the same processes with and without it (two processes differ by more than the log costs).
  const requestLogging = { on: config.logRequests };
  process.on("SIGUSR2", () => {
    requestLogging.on = !requestLogging.on;
    log.info("request log", { on: requestLogging.on, ...(opts.worker ? { worker: cluster.worker?.id } : {}) });
  });
  const server = createServer(createApp({ db, config, log, requestLogging }).callback());
  server.keepAliveTimeout = 65_000; // longer than common load balancers' idle timeout (60 s)
  // The built-in test provider credits real coins for a test card: an operator must not miss it.
  if (!opts.worker && !config.stripe.secretKey && config.paymentsTestMode) {
    log.warn("TEST PAYMENTS ACTIVE: the store credits coins for the test card 4242 4242 4242 4242. Set STRIPE_SECRET_KEY for real payments, or NODE_ENV=production (and no PAYMENTS_TEST_MODE) to turn the store off.");
  }
  server.listen(config.port, () => {
    log.info("listening", {
      url: `http://localhost:${config.port}`,
      // The process to signal (SIGTERM, SIGUSR2): npm and tsx wrappers do not pass SIGUSR2 on.
      pid: process.pid,
      database: config.databaseUrl ? "postgres" : `embedded (${config.dataDir})`,
      ...(opts.worker ? { worker: cluster.worker?.id } : {}),
    });
  });

  // Clean shutdown: stop taking requests, let the ones in flight finish, then close the database
  // (PGlite must be closed to leave its data folder consistent).
  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    log.info("shutting down", { signal });
    // A server started on the same folder meanwhile (a supervisor's restart) waits for this one.
    announceStopping(db);
    if (pruneTimer) clearInterval(pruneTimer);
    if (analyzeTimer) clearInterval(analyzeTimer);
    const forced = setTimeout(() => {
      log.error("forced exit after 10 s");
      process.exit(1);
    }, 10_000);
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Idle keep-alive connections would otherwise hold close() open for keepAliveTimeout.
    server.closeIdleConnections();
    await closed;
    server.closeAllConnections();
    await db.destroy();
    clearTimeout(forced);
    log.info("stopped");
    log.flush();
    process.exit(0);
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}
