import type { Db } from "../db/knex.ts";
import { Card } from "../models/Card.ts";

// Best cards are the highest-points owned cards, distinct card identities (RULES.md). Points
// follow from the identity, so DISTINCT ON can lead with points and walk the (user_id, points)
// index from the top, stopping after the first few distinct cards.
const DISTINCT_BEST = `DISTINCT ON (c.points, c.character, c.background, c."set", c.is_holo, c.is_glitch, c.is_dark_holo) c.*`;
const BEST_ORDER = `c.points DESC, c.character, c.background, c."set", c.is_holo, c.is_glitch, c.is_dark_holo, c.id`;

export async function bestCardsOf(db: Db, userId: number, limit: number): Promise<Card[]> {
  const { rows } = await db.raw(`SELECT ${DISTINCT_BEST} FROM cards c WHERE c.user_id = ? ORDER BY ${BEST_ORDER} LIMIT ?`, [userId, limit]);
  return (rows as object[]).map((r) => Card.fromDatabaseJson(r));
}

export interface LeaderboardRow {
  id: number;
  username: string;
  displayName: string | null;
  totalScore: number;
  rank: number;
  bestCards: Card[];
}

/** One page of the leaderboard: players with at least one card, by total score (kept current on write). */
export async function leaderboardPage(db: Db, opts: { limit: number; offset: number; bestCards: number }): Promise<{ rows: LeaderboardRow[]; total: number }> {
  const [players, count] = await Promise.all([
    db("users")
      .where("card_count", ">", 0)
      .orderBy([{ column: "total_score", order: "desc" }, { column: "id", order: "asc" }])
      .limit(opts.limit)
      .offset(opts.offset)
      .select("id", "username", "display_name", "total_score"),
    db("users").where("card_count", ">", 0).count("* as n").first(),
  ]);
  const ids = players.map((p: { id: number }) => p.id);
  const best = new Map<number, Card[]>(ids.map((id: number) => [id, []]));
  if (ids.length) {
    const { rows } = await db.raw(
      `SELECT b.* FROM unnest(?::int[]) AS p(id)
       CROSS JOIN LATERAL (SELECT ${DISTINCT_BEST} FROM cards c WHERE c.user_id = p.id ORDER BY ${BEST_ORDER} LIMIT ?) b`,
      [ids, opts.bestCards],
    );
    for (const row of rows as object[]) {
      const card = Card.fromDatabaseJson(row) as Card;
      best.get(card.userId)?.push(card);
    }
  }
  return {
    total: Number(count?.n ?? 0),
    rows: players.map((p: { id: number; username: string; display_name: string | null; total_score: number }, i: number) => ({
      id: p.id,
      username: p.username,
      displayName: p.display_name,
      totalScore: Number(p.total_score),
      rank: opts.offset + i + 1,
      bestCards: (best.get(p.id) ?? []).sort((a, b) => b.points - a.points),
    })),
  };
}
