import type { Context, Middleware, Next } from "koa";
import { MSG } from "../contract/messages.ts";
import type { Db } from "../db/knex.ts";
import { keyedGate } from "../lib/keyedGate.ts";
import { sessionProven, sessionRevoked } from "./auth.ts";
import { HttpError, tooManyRequests, unauthorized } from "./errors.ts";
import { hitRateLimit, hitRateLimitIfLive, type RateRule } from "./rateLimit.ts";

// Issue 45: one player's heavy reads (the whole collection, the pull history and its summary,
// exports, leaderboard pages) must not take the server from the others. The embedded database
// runs one statement at a time, so 100 parallel summaries of one large history made everyone
// else's requests wait seconds. Two bounds, per player:
// - at once: a few of the player's heavy reads run in this process, a few more wait their turn,
//   and the rest are refused (429, Retry-After: 1) after a pause. Per process is enough: it
//   protects the process it runs in, and costs no database work, not even the session's probe.
// - a rate: counted in the database (rateLimit.ts), so it holds across API processes.
// Both are far above what the game's screens and its offline copy ask for.

/** A player's heavy reads running at once in one process. */
export const HEAVY_READS_AT_ONCE = 2;
/** More of them waiting their turn; past that a 429. */
export const HEAVY_READS_WAITING = 8;
/** When a refusal at the gate may try again: a turn is milliseconds to a second. */
const GATE_RETRY_AFTER_SECONDS = 1;
/**
 * A refusal is answered after this pause. A script that asks again the moment it is refused
 * otherwise gets refusals as fast as the server can write them: 110 connections of one player
 * drew ~3,500 refusals a second, the server's whole main thread, and other players' requests
 * waited their turn behind them. Paused, each connection asks about once a second. The game
 * itself waits out Retry-After anyway.
 */
export const REFUSAL_PAUSE_MS = 1000;
const pause = () => new Promise((resolve) => setTimeout(resolve, REFUSAL_PAUSE_MS));

const READ_WINDOW_MS = 10_000;
const readRule = (name: string, limit: number): RateRule => ({ name: `read:${name}:player`, limit, windowMs: READ_WINDOW_MS, message: MSG.readsTooFast });

/** Per player, per 10 seconds across all processes (exports: per minute). */
export const HEAVY_READ_RULES = {
  /** The whole collection: the collection screen, trading's picker and the offline copy's sync. */
  collection: readRule("collection", 10),
  /** Pages of the pull history (a page is at most 100 packs). */
  pulls: readRule("pulls", 40),
  pullSummary: readRule("pull-summary", 20),
  /** Pages of the leaderboard (shared between players, still a read each). */
  leaderboard: readRule("leaderboard", 40),
  /** Trade finder matches (issue 48): ranked over many players; the Matches tab reads them on demand. */
  matches: readRule("matches", 20),
  /** Exports read the whole collection or history: a few a minute is plenty. */
  export: { name: "export:player", limit: 10, windowMs: 60_000, message: MSG.readsTooFast },
} satisfies Record<string, RateRule>;

/**
 * One gate per app: `heavyRead(rule)` stands in for requireAuth on a heavy read's route. The
 * player's place is kept until the answer has gone out (a compressed collection or a streamed
 * export included) and the handler has finished, so a player who drops connections does not get
 * more reads running at once.
 */
export function fairShare(db: Db, limits = { running: HEAVY_READS_AT_ONCE, waiting: HEAVY_READS_WAITING }) {
  const gate = keyedGate<number>(limits);
  return function heavyRead(rule: RateRule): Middleware {
    return async (ctx: Context, next: Next) => {
      const session = ctx.state.session;
      if (!session) throw unauthorized();
      // The signed cookie names the player without a database read; its row is checked once admitted.
      const ticket = gate.enter(session.userId);
      if (!ticket) {
        await pause();
        throw tooManyRequests(MSG.readsTooFast, GATE_RETRY_AFTER_SECONDS);
      }
      const answered = new Promise<void>((resolve) => (ctx.res.closed ? resolve() : ctx.res.once("close", () => resolve())));
      // Gone while waiting: its place in the queue goes to the next.
      void answered.then(ticket.cancel);
      if (!(await ticket.admitted)) return;
      try {
        // Past the rate, the pause keeps the place: the player's refusals cost the database little too.
        const paused = async (err: unknown) => {
          if (err instanceof HttpError && err.status === 429) await pause();
          throw err;
        };
        if (ctx.state.sessionProven) {
          ctx.state.userId = session.userId;
          await hitRateLimit(db, rule, String(session.userId)).catch(paused);
        } else {
          // The session row and the count in one statement.
          if (!(await hitRateLimitIfLive(db, rule, session).catch(paused))) throw sessionRevoked(ctx);
          sessionProven(ctx);
          ctx.state.userId = session.userId;
        }
        await next();
      } finally {
        void answered.then(ticket.leave);
      }
    };
  };
}

export type HeavyRead = ReturnType<typeof fairShare>;
