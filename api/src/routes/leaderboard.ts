import Router from "@koa/router";
import { CHAMPION_COUNT, LEADERBOARD_BEST_CARDS, LEADERBOARD_PAGE_DEFAULT, LEADERBOARD_PAGE_MAX, type LeaderboardEntryDto } from "../contract/leaderboard.ts";
import type { Db } from "../db/knex.ts";
import { requireAuth } from "../http/auth.ts";
import { presentCard } from "../presenters/card.ts";
import { bestCardsOf, leaderboardPage } from "../queries/leaderboard.ts";

const intParam = (value: unknown, fallback: number, max: number) => {
  const n = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : fallback;
  return Math.min(n, max);
};

export function leaderboardRoutes(db: Db) {
  const router = new Router();
  const auth = requireAuth(db);

  /**
   * A page of the leaderboard (?limit, default 50, at most 200; ?offset). The body is the list
   * SPEC.md describes; X-Total-Count carries the number of players on the board.
   */
  router.get("/leaderboard", auth, async (ctx) => {
    const limit = Math.max(1, intParam(ctx.query.limit, LEADERBOARD_PAGE_DEFAULT, LEADERBOARD_PAGE_MAX));
    const offset = intParam(ctx.query.offset, 0, Number.MAX_SAFE_INTEGER);
    const { rows, total } = await leaderboardPage(db, { limit, offset, bestCards: LEADERBOARD_BEST_CARDS });
    const body: LeaderboardEntryDto[] = rows.map((r) => ({
      user: { id: r.id, displayName: r.displayName, replitUsername: r.username, username: r.username },
      totalScore: r.totalScore,
      rank: r.rank,
      bestCards: r.bestCards.map(presentCard),
    }));
    ctx.set("X-Total-Count", String(total));
    ctx.body = body;
  });

  router.get("/user/champions", auth, async (ctx) => {
    ctx.body = (await bestCardsOf(db, ctx.state.userId, CHAMPION_COUNT)).map(presentCard);
  });

  return router;
}
