import Router from "@koa/router";
import type { OpenPackResponse } from "../contract/cards.ts";
import { OpenPackBody } from "../contract/packs.ts";
import type { Db } from "../db/knex.ts";
import { openPackFor, SessionGone } from "../commands/packOpener.ts";
import { cryptoRandom } from "../game/random.ts";
import { requireAuth, requireSignedSession, sessionProven, sessionRevoked } from "../http/auth.ts";
import { parseBody } from "../http/validate.ts";
import { presentCard } from "../presenters/card.ts";
import { collectionOf } from "../queries/cards.ts";

export function cardRoutes(db: Db) {
  const router = new Router();
  const auth = requireAuth(db);

  // The hottest call: its first statement reads the player and proves the session together.
  router.post("/open-pack", requireSignedSession(), async (ctx) => {
    const { set } = parseBody(ctx, OpenPackBody);
    const session = ctx.state.session!;
    const opened = await openPackFor(db, { userId: session.userId, sessionId: session.id }, set, cryptoRandom).catch((err) => {
      throw err instanceof SessionGone ? sessionRevoked(ctx) : err;
    });
    sessionProven(ctx);
    const body: OpenPackResponse = {
      cards: opened.cards.map((c) => ({ ...presentCard(c), isNew: c.isNew })),
      newCoinCount: opened.coins,
      newGemCount: opened.gems,
    };
    ctx.body = body;
  });

  router.get("/collection", auth, async (ctx) => {
    ctx.set("Cache-Control", "no-store");
    ctx.body = (await collectionOf(db, ctx.state.userId)).map(presentCard);
  });

  return router;
}
