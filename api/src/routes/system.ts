import Router from "@koa/router";
import type { Config } from "../config.ts";
import type { AppInfo } from "../contract/user.ts";
import type { Db } from "../db/knex.ts";
import type { PaymentProvider } from "../payments/provider.ts";

export function systemRoutes(db: Db, config: Config, payments: PaymentProvider | null) {
  const router = new Router();

  /** Liveness and readiness in one: 200 only when the database answers. */
  router.get("/health", async (ctx) => {
    const started = performance.now();
    try {
      await db.raw("select 1");
      ctx.body = { status: "ok", database: "ok", latencyMs: Math.round(performance.now() - started) };
    } catch {
      ctx.status = 503;
      ctx.body = { status: "error", database: "unreachable", error: "Database unreachable" };
    }
  });

  /** The operator's product name and support address ({product} and {email} in SPEC.md), and how the store takes cards. */
  router.get("/config", (ctx) => {
    const info: AppInfo = {
      appName: config.appName,
      supportEmail: config.supportEmail,
      passwordResetByMail: config.mail !== null,
      payments: { provider: payments?.name ?? null, publishableKey: payments?.publishableKey ?? null },
    };
    ctx.set("Cache-Control", "no-cache");
    ctx.body = info;
  });

  return router;
}
