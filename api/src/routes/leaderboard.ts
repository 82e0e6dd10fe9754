import Router from "@koa/router";
import { publicNameOf } from "../contract/publicName.ts";
import { CHAMPION_COUNT, LEADERBOARD_BEST_CARDS, LEADERBOARD_PAGE_DEFAULT, LEADERBOARD_PAGE_MAX, type LeaderboardEntryDto } from "../contract/leaderboard.ts";
import type { Db } from "../db/knex.ts";
import { requireAuth } from "../http/auth.ts";
import { HEAVY_READ_RULES, type HeavyRead } from "../http/fairShare.ts";
import type { Encoding } from "../http/compression.ts";
import { compressedOnce, encodingFor } from "../http/compressJson.ts";
import { presentCard } from "../presenters/card.ts";
import { bestCardsOf, leaderboardPage, type LeaderboardRow } from "../queries/leaderboard.ts";
import { staleWhileRevalidate } from "../lib/staleCache.ts";

/** A page as the response body, presented and serialised once for every request that shares it. */
type Page = { json: string; total: number; encoded: (encoding: Encoding) => Promise<Buffer> };
const PAGES_KEPT = 64;

/**
 * Every player asks for the same few pages, so requests for one page at the same moment share
 * one computation (nothing is kept once it is answered). A request may so get a page whose
 * computation began up to one computation (milliseconds) before it arrived, and miss a pack
 * opened in that window; the next read shows it. Sequential reads are exact.
 */
function sharedPages(db: Db) {
  const pages = new Map<string, { get(): Promise<Page> }>();
  return (limit: number, offset: number): Promise<Page> => {
    const key = `${limit}:${offset}`;
    let page = pages.get(key);
    if (!page) {
      page = staleWhileRevalidate(0, async () => {
        const { rows, total } = await leaderboardPage(db, { limit, offset, bestCards: LEADERBOARD_BEST_CARDS });
        const json = JSON.stringify(rows.map(entryOf));
        return { json, total, encoded: compressedOnce(json) };
      });
      pages.set(key, page);
      if (pages.size > PAGES_KEPT) pages.delete(pages.keys().next().value!);
    }
    return page.get();
  };
}

// A page of 50 players with 9 cards each is ~100 kB of JSON: presenting and serialising it took
// more of the API's CPU than the rest of the request, so it is done once per computation.
const entryOf = (r: LeaderboardRow): LeaderboardEntryDto => ({
  // Other players' login names stay private: both name fields carry the public name.
  user: { id: r.id, displayName: publicNameOf(r), replitUsername: publicNameOf(r), username: publicNameOf(r) },
  totalScore: r.totalScore,
  rank: r.rank,
  bestCards: r.bestCards.map(presentCard),
});

const intParam = (value: unknown, fallback: number, max: number) => {
  const n = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : fallback;
  return Math.min(n, max);
};

export function leaderboardRoutes(db: Db, heavyRead: HeavyRead) {
  const router = new Router();
  const auth = requireAuth(db);
  const pageOf = sharedPages(db);

  /**
   * A page of the leaderboard (?limit, default 50, at most 200; ?offset). The body is the list
   * SPEC.md describes; X-Total-Count carries the number of players on the board.
   */
  router.get("/leaderboard", heavyRead(HEAVY_READ_RULES.leaderboard), async (ctx) => {
    const limit = Math.max(1, intParam(ctx.query.limit, LEADERBOARD_PAGE_DEFAULT, LEADERBOARD_PAGE_MAX));
    const offset = intParam(ctx.query.offset, 0, Number.MAX_SAFE_INTEGER);
    const page = await pageOf(limit, offset);
    ctx.set("X-Total-Count", String(page.total));
    ctx.type = "application/json";
    ctx.vary("Accept-Encoding");
    // Compressed once per computation too, like the JSON itself.
    const encoding = encodingFor(ctx.get("Accept-Encoding"), page.json.length);
    if (encoding) {
      ctx.set("Content-Encoding", encoding);
      ctx.body = await page.encoded(encoding);
    } else ctx.body = page.json;
  });

  router.get("/user/champions", auth, async (ctx) => {
    ctx.body = (await bestCardsOf(db, ctx.state.userId, CHAMPION_COUNT)).map(presentCard);
  });

  return router;
}
