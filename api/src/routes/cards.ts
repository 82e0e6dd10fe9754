import { rankMovesOf } from "../events/rankMoves.ts";
import Router from "@koa/router";
import type { OpenPackResponse } from "../contract/cards.ts";
import { OpenPackBody } from "../contract/packs.ts";
import type { Db } from "../db/knex.ts";
import { openPackFor, SessionGone } from "../commands/packOpener.ts";
import type { PackCount } from "../game/sets.ts";
import { matchesIfNoneMatch, taggedJsonArray } from "../http/etag.ts";
import { requireSignedSession, sessionProven, sessionRevoked } from "../http/auth.ts";
import { HEAVY_READ_RULES, type HeavyRead } from "../http/fairShare.ts";
import { parseBody } from "../http/validate.ts";
import { presentCard } from "../presenters/card.ts";
import { collectionPages } from "../queries/cards.ts";

export function cardRoutes(db: Db, heavyRead: HeavyRead) {
  const router = new Router();

  // The hottest call: its first statement reads the player and proves the session together.
  router.post("/open-pack", requireSignedSession(), async (ctx) => {
    const { set, count } = parseBody(ctx, OpenPackBody);
    const session = ctx.state.session!;
    const opened = await openPackFor(db, { userId: session.userId, sessionId: session.id }, set, undefined, count as PackCount).catch((err) => {
      throw err instanceof SessionGone ? sessionRevoked(ctx) : err;
    });
    sessionProven(ctx);
    rankMovesOf(db).moved(session.userId, opened.totalScore - opened.cards.reduce((sum, c) => sum + c.points, 0), opened.totalScore);
    const body: OpenPackResponse = {
      cards: opened.cards.map((c) => ({ ...presentCard(c), isNew: c.isNew })),
      newCoinCount: opened.coins,
      newGemCount: opened.gems,
      pull: opened.pull,
      pulls: opened.pulls,
      pity: opened.pity,
    };
    ctx.body = body;
  });

  // Tagged: the game's background sync sends its copy's tag and gets 304 when nothing changed, so a
  // 10,000-card player does not download megabytes again after every sign-in or reconnect.
  router.get("/collection", heavyRead(HEAVY_READ_RULES.collection), async (ctx) => {
    ctx.set("Cache-Control", "no-store");
    const { json, etag } = await taggedJsonArray(collectionPages(db, ctx.state.userId), presentCard);
    ctx.set("ETag", etag);
    if (matchesIfNoneMatch(ctx.get("If-None-Match"), etag)) {
      ctx.status = 304;
      return;
    }
    ctx.type = "application/json";
    ctx.body = json;
  });

  return router;
}
