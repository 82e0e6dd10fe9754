import type { Db } from "../db/knex.ts";
import { announce } from "./publish.ts";

/** How long score moves are gathered before one rank event says which scores they crossed. */
const BATCH_MS = 2000;
/** Movers named in one event at most; past that the event says "many" (null). */
const MOVERS_MAX = 50;

/**
 * Rank changes (issue 47). A player's rank moves when another player's score passes theirs, so
 * every pack could concern any number of players. This process gathers the score ranges its
 * commits moved over 2 s and announces their span once; a browser refetches its rank only when
 * its own score lies in that span. One NOTIFY per process per 2 s, not one per pack, and nothing
 * on the pack's own path but a comparison: a lost batch (a crash) costs only a rank's freshness.
 */
export class RankMoves {
  private low = Infinity;
  private high = -Infinity;
  private movers = new Set<number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly db: Db) {}

  /** A committed change of a player's total score from `before` to `after`. */
  moved(userId: number, before: number, after: number): void {
    if (before === after) return;
    if (this.movers.size <= MOVERS_MAX) this.movers.add(userId);
    this.low = Math.min(this.low, before, after);
    this.high = Math.max(this.high, before, after);
    this.timer ??= setTimeout(() => this.flush(), BATCH_MS).unref();
  }

  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.low > this.high) return Promise.resolve();
    const span = { low: this.low, high: this.high, movers: this.movers.size <= MOVERS_MAX ? [...this.movers] : null };
    this.low = Infinity;
    this.high = -Infinity;
    this.movers = new Set();
    return announce(this.db, "rank", span).catch(() => {});
  }
}

const perDb = new WeakMap<Db, RankMoves>();
export function rankMovesOf(db: Db): RankMoves {
  let moves = perDb.get(db);
  if (!moves) perDb.set(db, (moves = new RankMoves(db)));
  return moves;
}
