import Router from "@koa/router";
import type { OpenPackResponse } from "../contract/cards.ts";
import { OpenPackBody } from "../contract/packs.ts";
import type { Db } from "../db/knex.ts";
import { openPackFor } from "../commands/packOpener.ts";
import { cryptoRandom } from "../game/random.ts";
import { requireAuth } from "../http/auth.ts";
import { parseBody } from "../http/validate.ts";
import { presentCard } from "../presenters/card.ts";
import { collectionOf } from "../queries/cards.ts";

export function cardRoutes(db: Db) {
  const router = new Router();
  const auth = requireAuth();

  router.post("/open-pack", auth, async (ctx) => {
    const { set } = parseBody(ctx, OpenPackBody);
    const { cards, user } = await openPackFor(db, ctx.state.userId, set, cryptoRandom);
    const body: OpenPackResponse = {
      cards: cards.map((c) => ({ ...presentCard(c), isNew: c.isNew })),
      newCoinCount: user.coins,
      newGemCount: user.gems,
    };
    ctx.body = body;
  });

  router.get("/collection", auth, async (ctx) => {
    ctx.set("Cache-Control", "no-store");
    ctx.body = (await collectionOf(db, ctx.state.userId)).map(presentCard);
  });

  return router;
}
