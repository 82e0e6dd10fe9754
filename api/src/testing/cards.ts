import type { Db } from "../db/knex.ts";
import { points } from "../game/rarity.ts";
import { SETS, type Card } from "../game/sets.ts";
import { cardIdentityColumns } from "../db/cardIdentity.ts";

/**
 * Gives a player chosen cards the way the pack opener stores them: rows with their points plus
 * the player's kept card count, total score and card stacks (which only packs raise themselves:
 * migration 20261130200000). Returns the new card ids in order.
 */
export async function giveCards(db: Db, userId: number, cards: Card[]): Promise<number[]> {
  const rows = await db("cards")
    .insert(cards.map((c) => ({ user_id: userId, ...cardIdentityColumns(c), points: points(c) })))
    .returning("id");
  await db("users").where({ id: userId }).increment({ card_count: cards.length, total_score: cards.reduce((sum, c) => sum + points(c), 0) });
  await db.raw(`SELECT card_stacks_raise_held(ARRAY[?]::int[])`, [userId]);
  return rows.map((r: { id: number }) => r.id);
}

/** A plain card of a set: the n-th character, regular finish, no background. */
export function plainCard(set: number, n = 0): Card {
  const s = SETS[set - 1]!;
  return { character: s.characters[n % s.characters.length]!, background: "", set, isHolo: false, isGlitch: false, isDarkHolo: false };
}

const IDENTITY = `character, background, "set", is_holo, is_glitch, is_dark_holo`;

/**
 * Every player's kept total matches their cards, every card has exactly one owner, and every
 * player's card stacks (card_stacks, issue 48) say rightly whether they hold 2 or more copies.
 */
export async function scoreLedger(db: Db): Promise<{ cards: number; mismatches: number }> {
  const { rows } = await db.raw(`
    SELECT count(*) AS n FROM users u
    LEFT JOIN (SELECT user_id, sum(points) AS total, count(*) AS n FROM cards GROUP BY user_id) c ON c.user_id = u.id
    WHERE u.total_score <> coalesce(c.total, 0) OR u.card_count <> coalesce(c.n, 0)`);
  const cards = await db("cards").count("* as n").first();
  return { cards: Number(cards?.n ?? 0), mismatches: Number(rows[0].n) + (await stackMismatches(db)) };
}

/** Cards a player holds 2 or more copies of whose stack does not say so, and stacks that say so wrongly. */
export async function stackMismatches(db: Db): Promise<number> {
  const { rows } = await db.raw(`
    SELECT count(*) AS n FROM (SELECT user_id, ${IDENTITY}, count(*) AS n FROM cards GROUP BY user_id, ${IDENTITY}) c
    FULL JOIN card_stacks s USING (user_id, ${IDENTITY})
    WHERE (coalesce(c.n, 0) >= 2) <> coalesce(s.multi, false)`);
  return Number(rows[0].n);
}
