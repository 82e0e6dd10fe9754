import Router from "@koa/router";
import type { Config } from "../config.ts";
import { FinderSettingsBody, KeepBody, MatchesQuery, type MatchesDto, type WishlistDto, type WishPutDto } from "../contract/tradeFinder.ts";
import type { Db } from "../db/knex.ts";
import { addWish, finderSettingsOf, removeWish, setKeep, setShowInMatches } from "../commands/tradeFinder.ts";
import { WISHLIST_MAX } from "../game/tradeFinder.ts";
import { canTrade, isLopsided, likelySameOwner } from "../game/trading.ts";
import { requireAuth } from "../http/auth.ts";
import { HEAVY_READ_RULES, type HeavyRead } from "../http/fairShare.ts";
import { parseBody, parseQuery } from "../http/validate.ts";
import { presentMatch, presentSpare, presentWish } from "../presenters/tradeFinder.ts";
import { matchesOf, sparesOf, wishlistOf, type MatchRow } from "../queries/tradeFinder.ts";
import { tradeStandingOf } from "../queries/tradeLimits.ts";
import { MSG } from "../contract/messages.ts";
import { identityFromPath } from "./trading.ts";

const IDENTITY = ":character/:background/:set/:isHolo/:isGlitch/:isDarkHolo";

/** Issue 48, trade finder: wishlist, spares, keep settings, the matches switch and matches. */
export function tradeFinderRoutes(db: Db, config: Pick<Config, "tradeUnlock">, heavyRead: HeavyRead) {
  const router = new Router();
  const auth = requireAuth(db);

  router.get("/trade/wishlist", auth, async (ctx) => {
    const entries = (await wishlistOf(db, ctx.state.userId, new Date())).map(presentWish);
    const body: WishlistDto = { entries, count: entries.length, max: WISHLIST_MAX };
    ctx.set("Cache-Control", "no-cache");
    ctx.body = body;
  });

  router.put(`/trade/wishlist/${IDENTITY}`, auth, async (ctx) => {
    const card = identityFromPath(ctx.params);
    const { added, count } = await addWish(db, ctx.state.userId, card);
    const [entry] = await wishlistOf(db, ctx.state.userId, new Date(), card);
    const body: WishPutDto = { entry: presentWish(entry!), added, count };
    ctx.body = body;
  });

  router.delete(`/trade/wishlist/${IDENTITY}`, auth, async (ctx) => {
    ctx.body = await removeWish(db, ctx.state.userId, identityFromPath(ctx.params));
  });

  router.get("/trade/spares", auth, async (ctx) => {
    ctx.set("Cache-Control", "no-cache");
    ctx.body = (await sparesOf(db, ctx.state.userId, new Date())).map(presentSpare);
  });

  router.put(`/trade/keep/${IDENTITY}`, auth, async (ctx) => {
    ctx.body = await setKeep(db, ctx.state.userId, identityFromPath(ctx.params), parseBody(ctx, KeepBody));
  });

  router.get("/trade/finder-settings", auth, async (ctx) => {
    ctx.body = await finderSettingsOf(db, ctx.state.userId);
  });

  router.put("/trade/finder-settings", auth, async (ctx) => {
    ctx.body = await setShowInMatches(db, ctx.state.userId, parseBody(ctx, FinderSettingsBody).showInMatches);
  });

  router.get("/trade/matches", heavyRead(HEAVY_READ_RULES.matches), async (ctx) => {
    const page = parseQuery(ctx, MatchesQuery);
    const now = new Date();
    const me = ctx.state.userId as number;
    ctx.set("Cache-Control", "no-cache");
    // One statement: my standing and, when I may trade, the page of matches.
    const { standing, matches: found } = await matchesOf(db, me, config.tradeUnlock, now, page);
    const unavailable = tradeStandingOf(standing, now, config.tradeUnlock);
    if (unavailable || !standing) {
      ctx.body = { matches: [], unavailable: unavailable ?? MSG.tradeLocked } satisfies MatchesDto;
      return;
    }
    // The SQL applies the trading rules set-wise; the rule functions have the last word per row.
    const allowed = (m: MatchRow): MatchRow | null => {
      if (!canTrade({ createdAt: m.createdAt, packsOpened: m.packsOpened }, now, config.tradeUnlock)) return null;
      const sameOwner = likelySameOwner(standing, m);
      const pairs = m.pairs.filter((p) => !(sameOwner && isLopsided(p.theirs.points, p.mine.points)));
      return pairs.length ? { ...m, pairs } : null;
    };
    const matches = found.map(allowed).filter((m): m is MatchRow => m !== null);
    ctx.body = { matches: matches.map(presentMatch), unavailable: null } satisfies MatchesDto;
  });

  return router;
}
