import type { Db } from "../db/knex.ts";

/** Players on the leaderboard (holding a card); kept current by a trigger on users. */
export async function playerCount(db: Db): Promise<number> {
  const row = await db("leaderboard_stats").where({ id: 1 }).first("players");
  return Number(row?.players ?? 0);
}

/**
 * The player's place on the leaderboard (1-based), or null without cards. Order: total score,
 * highest first; equal scores by who joined first. Counts only the players ahead, through the
 * partial leaderboard index, so it stays fast with many players.
 */
export async function rankOf(db: Db, userId: number): Promise<{ rank: number | null; players: number }> {
  const me = await db("users").where({ id: userId }).first("total_score", "card_count");
  const total = await playerCount(db);
  if (!me || me.card_count === 0) return { rank: null, players: total };
  const ahead = await db("users")
    .where("card_count", ">", 0)
    .andWhere((q) => q.where("total_score", ">", me.total_score).orWhere((q2) => q2.where("total_score", me.total_score).andWhere("id", "<", userId)))
    .count("* as n")
    .first();
  return { rank: Number(ahead?.n ?? 0) + 1, players: total };
}
