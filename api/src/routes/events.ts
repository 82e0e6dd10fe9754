import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import Router from "@koa/router";
import type { Config } from "../config.ts";
import type { Db } from "../db/knex.ts";
import { eventHubOf, type HubLog } from "../events/hub.ts";
import { eventsSince } from "../events/replay.ts";
import { LiveStream } from "../events/stream.ts";
import { requireAuth } from "../http/auth.ts";

/** The version of the game this process serves: its built index.html (a deploy changes it). */
function servedVersion(config: Config): string {
  try {
    return createHash("sha256").update(readFileSync(path.join(config.pwaDir, "index.html"))).digest("base64url").slice(0, 12);
  } catch {
    return "dev";
  }
}

/** A Last-Event-ID (the header EventSource sends when it reconnects, or `?lastEventId=` after a page load). */
function lastEventId(raw: string | undefined): number | null {
  return raw && /^\d{1,15}$/.test(raw) ? Number(raw) : null;
}

/**
 * Issue 47: `GET /api/events`, Server-Sent Events for the signed-in player. The stream never
 * ends by itself; the browser reconnects with Last-Event-ID and gets what it missed (replay.ts).
 */
export function eventRoutes(db: Db, config: Config, log: HubLog) {
  const router = new Router();
  const hub = eventHubOf(db, servedVersion(config), log);

  router.get("/events", requireAuth(db), async (ctx) => {
    // Written by hand from here on (Koa's body handling would put a stream object in between).
    ctx.respond = false;
    const { res } = ctx;
    ctx.req.socket.setTimeout(0);
    ctx.req.socket.setNoDelay(true);
    ctx.req.socket.setKeepAlive(true);
    res.writeHead(200, {
      ...(ctx.response.headers as Record<string, string>),
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      // nginx and similar proxies pass the stream on as it is written instead of buffering it.
      "X-Accel-Buffering": "no",
    });
    res.write("retry: 3000\n\n");
    const stream = new LiveStream(ctx.state.userId, res);
    try {
      await hub.attach(stream);
      // Attached first, then the replay: nothing committed in between is lost; the browser drops repeats.
      const since = lastEventId(ctx.get("Last-Event-ID") || (ctx.query.lastEventId as string | undefined));
      if (since !== null) {
        const missed = await eventsSince(db, ctx.state.userId, since);
        if (missed.gap) stream.send("resync", { reason: "gap" });
        else for (const e of missed.events) stream.send(e.type, e.data, e.id);
      }
    } catch (err) {
      // The answer has begun: no error body can follow. The browser reconnects and is told to resync.
      log.warn("event stream failed", { err: String(err) });
      stream.end();
    }
  });

  return router;
}
