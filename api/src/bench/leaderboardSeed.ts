// Fills a bench database with a leaderboard-sized population (issue 4: 100,000 players holding
// 5,000,000 cards) in a few set-based statements, then brings the kept totals up to date the way
// the pack opener would have. Cards are real pulls from the engine, so points and identities
// (which the best-cards query groups by) have the game's own distribution.
import type { Knex } from "knex";
import { pullCard } from "../game/pull.ts";
import { points } from "../game/rarity.ts";
import { seededRandom } from "../game/seededRandom.ts";
import { SETS } from "../game/sets.ts";
import { cardIdentityColumns } from "../db/cardIdentity.ts";

const POOL_SIZE = 20_000;

export async function seedLeaderboard(db: Knex, opts: { players: number; cards: number }): Promise<void> {
  // A pool of pulled cards across all sets; cards below are drawn from it by a hash of their number.
  const rng = seededRandom(2026);
  const pool = Array.from({ length: POOL_SIZE }, (_, i) => {
    const card = pullCard(SETS[i % SETS.length]!.id, rng);
    return { idx: i, ...cardIdentityColumns(card), points: points(card) };
  });
  await db.raw(`CREATE TEMP TABLE bench_pool (idx int PRIMARY KEY, character text, background text, "set" smallint, is_holo bool, is_glitch bool, is_dark_holo bool, points int)`);
  for (let i = 0; i < pool.length; i += 2000) await db("bench_pool").insert(pool.slice(i, i + 2000));

  // Bench players get a hash that is never checked, and seeds never used: they never sign in.
  const firstId: number = (await db.raw(`SELECT coalesce(max(id), 0) + 1 AS id FROM users`)).rows[0].id;
  await db.raw(
    `INSERT INTO users (username, password_hash, age_confirmed_at, terms_accepted_at, server_seed, server_seed_hash, client_seed)
     SELECT 'lb' || g, 'x', now(), now(), repeat('0', 64), repeat('0', 64), 'bench' FROM generate_series(1, ?) g`,
    [opts.players],
  );
  await db.raw(
    `INSERT INTO cards (user_id, character, background, "set", is_holo, is_glitch, is_dark_holo, points)
     SELECT ? + (g % ?), p.character, p.background, p."set", p.is_holo, p.is_glitch, p.is_dark_holo, p.points
     FROM generate_series(1, ?) g JOIN bench_pool p ON p.idx = (hashint4(g) & 2147483647) % ?`,
    [firstId, opts.players, opts.cards, POOL_SIZE],
  );
  // Only packs raise card stacks themselves (issue 48, migration 20261130200000): set here once for all.
  await db.raw(
    `INSERT INTO card_stacks (user_id, character, background, "set", is_holo, is_glitch, is_dark_holo, multi)
     SELECT user_id, character, background, "set", is_holo, is_glitch, is_dark_holo, true FROM cards WHERE user_id >= ?
     GROUP BY user_id, character, background, "set", is_holo, is_glitch, is_dark_holo HAVING count(*) >= 2
     ON CONFLICT (user_id, character, background, "set", is_holo, is_glitch, is_dark_holo) DO UPDATE SET multi = true`,
    [firstId],
  );
  await db.raw(
    `UPDATE users u SET total_score = s.total, card_count = s.n
     FROM (SELECT user_id, sum(points) AS total, count(*) AS n FROM cards WHERE user_id >= ? GROUP BY user_id) s
     WHERE u.id = s.user_id`,
    [firstId],
  );
  // What autovacuum would do soon after: statistics, and a visibility map for index-only counts.
  // player_scores and leaderboard_stats too: the UPDATE above rewrote every player's score row
  // (a trigger) and the player count row 100,000 times; without this the board's index-only
  // scans visit the heap, and the count walks dead versions (24 ms at the first read).
  for (const table of ["users", "cards", "card_stacks", "player_scores", "leaderboard_stats"]) await db.raw(`VACUUM ANALYZE ${table}`);
}
