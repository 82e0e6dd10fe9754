import type { Context, Next } from "koa";
import type { Logger } from "../logger.ts";

/** Whether request lines are written now: LOG_REQUESTS at start, flipped by SIGUSR2 (main.ts). */
export interface RequestLogSwitch {
  on: boolean;
}

/** One JSON line per request while the switch is on: method, path, status, duration. */
export function requestLog(log: Logger, logSwitch: RequestLogSwitch = { on: true }) {
  const logged = async (ctx: Context, next: Next) => {
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
  // Off, a request passes straight on: no timer, no wrapping promise.
  return (ctx: Context, next: Next) => (logSwitch.on ? logged(ctx, next) : next());
}
