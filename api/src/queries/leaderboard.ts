import type { Db } from "../db/knex.ts";
import { Card } from "../models/Card.ts";
import { playerCount } from "./rank.ts";

// Best cards are the highest-points owned cards, distinct card identities (RULES.md). Points
// follow from the identity, so DISTINCT ON can lead with points. It only looks at the player's
// top WINDOW cards, read straight off the index cards_owner_best, so a player with 10,000 cards
// costs no more than one with 50; a player whose top WINDOW cards hold too few distinct ones
// (many copies of the same card) is read again in full.
const WINDOW = 64;
const DISTINCT_BEST = `DISTINCT ON (c.points, c.character, c.background, c."set", c.is_holo, c.is_glitch, c.is_dark_holo) c.*`;
const BEST_ORDER = `c.points DESC, c.character, c.background, c."set", c.is_holo, c.is_glitch, c.is_dark_holo, c.id`;
const bestOf = (source: string) => `SELECT ${DISTINCT_BEST} FROM ${source} c ORDER BY ${BEST_ORDER} LIMIT ?`;
// Only the columns the index cards_owner_best carries, so the window is read from the index alone.
const CARD_COLUMNS = `id, user_id, character, background, "set", is_holo, is_glitch, is_dark_holo, points, opened_at`;
const TOP_WINDOW = (userRef: string) => `(SELECT ${CARD_COLUMNS} FROM cards WHERE user_id = ${userRef} ORDER BY points DESC LIMIT ${WINDOW})`;
const ALL_CARDS = (userRef: string) => `(SELECT ${CARD_COLUMNS} FROM cards WHERE user_id = ${userRef})`;

/** Best cards of many players at once: { userId: cards, best first }. */
async function bestCardsOfMany(db: Db, userIds: number[], limit: number): Promise<Map<number, Card[]>> {
  const best = new Map<number, Card[]>(userIds.map((id) => [id, []]));
  const read = async (ids: number[], source: (ref: string) => string) => {
    const { rows } = await db.raw(`SELECT b.* FROM unnest(?::int[]) AS p(id) CROSS JOIN LATERAL (${bestOf(source("p.id"))}) b`, [ids, limit]);
    for (const row of rows as object[]) {
      const card = Card.fromDatabaseJson(row) as Card;
      best.get(card.userId)?.push(card);
    }
  };
  if (!userIds.length) return best;
  await read(userIds, TOP_WINDOW);
  const short = userIds.filter((id) => best.get(id)!.length < limit);
  if (short.length) {
    const counts = await db("users").whereIn("id", short).andWhere("card_count", ">", WINDOW).select("id");
    const again = counts.map((r: { id: number }) => r.id);
    if (again.length) {
      for (const id of again) best.set(id, []);
      await read(again, ALL_CARDS);
    }
  }
  for (const cards of best.values()) cards.sort((a, b) => b.points - a.points);
  return best;
}

export async function bestCardsOf(db: Db, userId: number, limit: number): Promise<Card[]> {
  return (await bestCardsOfMany(db, [userId], limit)).get(userId)!;
}

export interface LeaderboardRow {
  id: number;
  displayName: string | null;
  totalScore: number;
  rank: number;
  bestCards: Card[];
}

/** One page of the leaderboard: players with at least one card, by total score (kept current on write). */
export async function leaderboardPage(db: Db, opts: { limit: number; offset: number; bestCards: number }): Promise<{ rows: LeaderboardRow[]; total: number }> {
  // The offset walks the leaderboard index alone (index-only: score and id); names are read
  // for the page's rows only, so a deep page does not visit thousands of user rows.
  const page = db("player_scores")
    .where("card_count", ">", 0)
    .orderBy([{ column: "total_score", order: "desc" }, { column: "user_id", order: "asc" }])
    .limit(opts.limit)
    .offset(opts.offset)
    .select("user_id", "total_score")
    .as("p");
  const [players, count] = await Promise.all([
    db
      .from(page)
      .join("users as u", "u.id", "p.user_id")
      .orderBy([{ column: "p.total_score", order: "desc" }, { column: "p.user_id", order: "asc" }])
      .select("u.id", "u.display_name", "p.total_score"),
    playerCount(db),
  ]);
  const best = await bestCardsOfMany(db, players.map((p: { id: number }) => p.id), opts.bestCards);
  return {
    total: count,
    rows: players.map((p: { id: number; display_name: string | null; total_score: number }, i: number) => ({
      id: p.id,
      displayName: p.display_name,
      totalScore: Number(p.total_score),
      rank: opts.offset + i + 1,
      bestCards: best.get(p.id) ?? [],
    })),
  };
}
