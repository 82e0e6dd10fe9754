// The bench's players: signed up through the API, and given collections set-based.
import type { Knex } from "knex";
import { pullCard } from "../game/pull.ts";
import { points } from "../game/rarity.ts";
import { seededRandom } from "../game/seededRandom.ts";
import { SETS } from "../game/sets.ts";
import { signUp } from "./server.ts";

/** Signs up `n` players named prefix0.. through the API, four at a time; their session cookies. */
export async function signUpMany(url: string, prefix: string, n: number): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < n; i += 4) {
    cookies.push(...(await Promise.all(Array.from({ length: Math.min(4, n - i) }, (_, j) => signUp(url, `${prefix}${i + j}`)))));
  }
  return cookies;
}

/** Gives the named players `perPlayer` real pulls each (set-based, like leaderboardSeed) and enough coins. */
export async function fillCollections(db: Knex, usernames: string[], perPlayer: number): Promise<void> {
  const rng = seededRandom(11);
  const pool = Array.from({ length: 4000 }, (_, i) => {
    const card = pullCard(SETS[i % SETS.length]!.id, rng);
    return [card.character, card.background, card.set, card.isHolo, card.isGlitch, card.isDarkHolo, points(card)] as const;
  });
  const col = (k: number) => pool.map((p) => p[k]);
  await db.raw(
    `INSERT INTO cards (user_id, character, background, "set", is_holo, is_glitch, is_dark_holo, points)
     SELECT u.id, p.c, p.b, p.s, p.h, p.gl, p.d, p.pts
     FROM users u CROSS JOIN generate_series(1, ?) g
     JOIN unnest(?::text[], ?::text[], ?::smallint[], ?::bool[], ?::bool[], ?::bool[], ?::int[]) WITH ORDINALITY AS p(c, b, s, h, gl, d, pts, idx)
       ON p.idx = 1 + (hashint4(g + u.id * 7919) & 2147483647) % ?
     WHERE u.username = ANY(?::text[])`,
    [perPlayer, col(0), col(1), col(2), col(3), col(4), col(5), col(6), pool.length, usernames] as unknown as Knex.RawBinding[],
  );
  await db.raw(
    `UPDATE users u SET total_score = s.total, card_count = s.n
     FROM (SELECT user_id, sum(points) AS total, count(*) AS n FROM cards GROUP BY user_id) s
     WHERE u.id = s.user_id AND u.username = ANY(?::text[])`,
    [usernames],
  );
  // Only packs raise card stacks themselves (migration 20261130200000).
  await db.raw(`SELECT card_stacks_raise_held(array(SELECT id FROM users WHERE username = ANY(?::text[])))`, [usernames]);
  await db.raw(`VACUUM ANALYZE cards`);
}
