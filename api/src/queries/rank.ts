import type { Knex } from "knex";
import type { Db } from "../db/knex.ts";

/** Players on the leaderboard (holding a card); kept current by a trigger on users. */
export async function playerCount(db: Db): Promise<number> {
  const row = await db("leaderboard_stats").where({ id: 1 }).first("players");
  return Number(row?.players ?? 0);
}

type Where = (q: Knex.QueryBuilder) => void;

/** Players on the board matching `where`, counted through the leaderboard index (player_scores), stopping at `cap`. */
async function countUpTo(db: Db, where: Where, cap: number): Promise<number> {
  const matching = db("player_scores").where("card_count", ">", 0).modify(where).select(db.raw("1")).limit(cap).as("m");
  const row = await db.from(matching).count("* as n").first();
  return Number(row?.n ?? 0);
}

/**
 * The player's place on the leaderboard (1-based), or null without cards. Order: total score,
 * highest first; equal scores by who joined first. It counts whichever side of the player is
 * smaller (those ahead, or those behind when most are ahead), each through the partial
 * leaderboard index with a range condition, so no rank read walks more than half the board.
 */
export async function rankOf(db: Db, userId: number): Promise<{ rank: number | null; players: number }> {
  const me = await db("player_scores").where({ user_id: userId }).first("total_score", "card_count");
  const total = await playerCount(db);
  if (!me || me.card_count === 0) return { rank: null, players: total };
  const score = me.total_score;
  const half = Math.ceil(total / 2);
  const higher = await countUpTo(db, (q) => q.where("total_score", ">", score), half + 1);
  if (higher <= half) {
    const tiedAhead = await countUpTo(db, (q) => q.where("total_score", score).andWhere("user_id", "<", userId), total);
    return { rank: higher + tiedAhead + 1, players: total };
  }
  const [lower, tiedBehind] = await Promise.all([
    countUpTo(db, (q) => q.where("total_score", "<", score), total),
    countUpTo(db, (q) => q.where("total_score", score).andWhere("user_id", ">", userId), total),
  ]);
  return { rank: Math.max(1, total - lower - tiedBehind), players: total };
}
