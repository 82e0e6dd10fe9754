import type { Context, Next } from "koa";
import type { Logger } from "../logger.ts";

/** One JSON line per request: method, path, status, duration. */
export function requestLog(log: Logger) {
  return async (ctx: Context, next: Next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      log.info("request", {
        method: ctx.method,
        path: ctx.path,
        status: ctx.status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        userId: ctx.state.session?.userId,
      });
    }
  };
}
