import Router from "@koa/router";
import Koa from "koa";
import type { Config } from "./config.ts";
import type { Db } from "./db/knex.ts";
import { compressJson } from "./http/compressJson.ts";
import { cookieKeys } from "./http/cookieKeys.ts";
import { errorHandler, logAppError } from "./http/errors.ts";
import { fairShare } from "./http/fairShare.ts";
import { jsonBody } from "./http/jsonBody.ts";
import { requestLog, type RequestLogSwitch } from "./http/requestLog.ts";
import { sameOriginOnly, securityHeaders } from "./http/security.ts";
import { sessionMiddleware } from "./http/session.ts";
import { staticFiles } from "./http/staticFiles.ts";
import { wellFormedInput } from "./http/wellFormedInput.ts";
import type { Logger } from "./logger.ts";
import { createMailer } from "./lib/mailer.ts";
import { accountRoutes } from "./routes/account.ts";
import { authRoutes } from "./routes/auth.ts";
import { passkeyRoutes } from "./routes/passkeys.ts";
import { battleRoutes } from "./routes/battle.ts";
import { cardRoutes } from "./routes/cards.ts";
import { chatRoutes } from "./routes/chat.ts";
import { eventRoutes } from "./routes/events.ts";
import { fairnessRoutes } from "./routes/fairness.ts";
import { leaderboardRoutes } from "./routes/leaderboard.ts";
import { rewardRoutes } from "./routes/rewards.ts";
import { selectPaymentProvider } from "./payments/select.ts";
import { storeRoutes } from "./routes/store.ts";
import { systemRoutes } from "./routes/system.ts";
import { tradingRoutes } from "./routes/trading.ts";
import { tradeFinderRoutes } from "./routes/tradeFinder.ts";

export interface AppDeps {
  db: Db;
  config: Config;
  log: Logger;
  /** Request lines on or off; by default as LOG_REQUESTS set them at start. */
  requestLogging?: RequestLogSwitch;
}

// Paths that must read the raw body and authenticate by signature instead of by origin.
const WEBHOOK_PATHS = ["/api/stripe/webhook"];

/** The router table: every API route, under /api. */
export function apiRouter({ db, config, log }: AppDeps): Router {
  const payments = selectPaymentProvider(config, db);
  const mailer = createMailer(config.mail, log);
  const api = new Router({ prefix: "/api" });
  // One gate for the heavy reads of every route: a player's reads at once count together.
  const heavyRead = fairShare(db);
  for (const routes of [systemRoutes(db, config, payments), authRoutes(db, config, mailer), accountRoutes(db, config, payments, mailer), passkeyRoutes(db, config), cardRoutes(db, heavyRead), fairnessRoutes(db, heavyRead), rewardRoutes(db), leaderboardRoutes(db, heavyRead), chatRoutes(db), battleRoutes(db), tradingRoutes(db, config), tradeFinderRoutes(db, config, heavyRead), storeRoutes(db, payments, log), eventRoutes(db, config, log)]) {
    api.use(routes.routes(), routes.allowedMethods());
  }
  return api;
}

export function createApp({ db, config, log, requestLogging = { on: config.logRequests } }: AppDeps): Koa {
  const app = new Koa();
  // Signs koa-session's cookie (foilbound.sid.sig); built once, see cookieKeys.ts.
  app.keys = cookieKeys([config.sessionSecret]);
  // Behind N proxies the client's address is the N-th from the end of X-Forwarded-For: entries
  // before it were written by the client and prove nothing (forged ones walked around per-IP limits).
  app.proxy = config.trustProxy > 0;
  app.maxIpsCount = config.trustProxy;
  app.on("error", logAppError(log));

  const api = apiRouter({ db, config, log });

  app.use(requestLog(log, requestLogging));
  app.use(securityHeaders());
  app.use(errorHandler(log));
  app.use(staticFiles({ assetDirs: config.assetDirs, pwaDir: config.pwaDir }));
  app.use(sameOriginOnly({ allowedOrigins: config.allowedOrigins, exemptPaths: WEBHOOK_PATHS }));
  app.use(sessionMiddleware(app, db));
  app.use(jsonBody());
  app.use(wellFormedInput());
  app.use(compressJson());
  app.use(api.routes());
  app.use(api.allowedMethods());
  return app;
}
