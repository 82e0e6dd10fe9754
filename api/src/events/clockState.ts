import type { Db } from "../db/knex.ts";
import type { ClockState } from "./clock.ts";

/** What a stream's clock needs (clock.ts), in two primary-key or indexed reads; null for a player who is gone. */
export async function readClockState(db: Db, userId: number, now: Date): Promise<ClockState | null> {
  const [user, expiring] = await Promise.all([
    db("users").where({ id: userId }).first("coins", "last_coin_generation"),
    db("trades")
      .where("status", "pending")
      .andWhere("expires_at", ">", now)
      .andWhere((q) => q.where("from_user_id", userId).orWhere("to_user_id", userId))
      .orderBy("expires_at")
      .limit(20)
      .select("id", "expires_at"),
  ]);
  if (!user) return null;
  const first = expiring[0] ? new Date(expiring[0].expires_at) : null;
  return {
    coins: { coins: user.coins, lastCoinGeneration: new Date(user.last_coin_generation) },
    nextTradeExpiry: first,
    expiringTradeIds: first ? expiring.filter((t: { expires_at: Date }) => new Date(t.expires_at).getTime() === first.getTime()).map((t: { id: number }) => t.id) : [],
  };
}
