// Issue 48: a trade-finder population on top of seedLeaderboard's players and cards: every bench
// player unlocked for trading, wishlist entries drawn from the identities players hold (the bench
// row's scale is 500,000 entries over 100,000 players), and the measured players with a full
// wishlist of 200 cards each. Set-based, like seedLeaderboard.
import type { Knex } from "knex";
import { TRADE_UNLOCK } from "../game/trading.ts";
import { WISHLIST_MAX } from "../game/tradeFinder.ts";

export async function seedTradeFinder(db: Knex, opts: { wishes: number; measured?: number }): Promise<{ userId: number }> {
  await db.raw(`UPDATE users SET created_at = now() - interval '2 days', set1_packs_opened = greatest(set1_packs_opened, ?) WHERE username LIKE 'lb%'`, [TRADE_UNLOCK.minPacksOpened]);
  await db.raw(`CREATE TEMP TABLE bench_identities AS
    SELECT row_number() OVER () AS idx, character, background, "set", is_holo, is_glitch, is_dark_holo, points
    FROM (SELECT character, background, "set", is_holo, is_glitch, is_dark_holo, max(points) AS points FROM cards
      GROUP BY character, background, "set", is_holo, is_glitch, is_dark_holo) d`);
  const { rows: counts } = await db.raw(`SELECT (SELECT count(*) FROM bench_identities) AS identities, min(id) AS first, count(*) AS players FROM users WHERE username LIKE 'lb%'`);
  const identities = Number(counts[0].identities);
  const [first, players] = [Number(counts[0].first), Number(counts[0].players)];
  const measured = opts.measured ?? 1;
  await db.raw(
    `INSERT INTO trade_wishes (user_id, character, background, "set", is_holo, is_glitch, is_dark_holo, points)
     SELECT ? + (g % ?), i.character, i.background, i."set", i.is_holo, i.is_glitch, i.is_dark_holo, i.points
     FROM generate_series(1, ?) g JOIN bench_identities i ON i.idx = 1 + (hashint4(g + 7) & 2147483647) % ?
     ON CONFLICT DO NOTHING`,
    // The measured players' full wishlists below are part of the total.
    [first, players, Math.max(0, opts.wishes - measured * WISHLIST_MAX), identities],
  );
  // The measured players (the first `measured` bench players): a full wishlist each, 200 cards
  // drawn by a hash of the player, so commons that a thousand players hold spare are among them.
  await db("trade_wishes").where("user_id", ">=", first).andWhere("user_id", "<", first + measured).delete();
  await db.raw(
    `INSERT INTO trade_wishes (user_id, character, background, "set", is_holo, is_glitch, is_dark_holo, points)
     SELECT u.id, i.character, i.background, i."set", i.is_holo, i.is_glitch, i.is_dark_holo, i.points
     FROM generate_series(?::int, ?::int) u(id)
     CROSS JOIN LATERAL (SELECT * FROM bench_identities ORDER BY hashint4(idx::int + u.id * 7919) LIMIT ?) i`,
    [first, first + measured - 1, WISHLIST_MAX],
  );
  const userId = first;
  await db.raw(`DROP TABLE bench_identities`);
  for (const table of ["users", "trade_wishes", "card_stacks"]) await db.raw(`VACUUM ANALYZE ${table}`);
  return { userId };
}
