import type { BlockedPlayerDto } from "../contract/chat.ts";
import { MSG } from "../contract/messages.ts";
import { publicNameOf } from "../contract/publicName.ts";
import type { Db, Trx } from "../db/knex.ts";
import { badRequest, forbidden } from "../http/errors.ts";

/** The latest end of the player's mutes still running at `now` (not lifted), with its reason. */
export async function activeMute(db: Db | Trx, userId: number, now: Date): Promise<{ until: Date; reason: string | null } | undefined> {
  const row = await db("chat_mutes")
    .where("user_id", userId)
    .whereNull("lifted_at")
    .andWhere("until", ">", now)
    .orderBy("until", "desc")
    .first("until", "reason");
  return row ? { until: new Date(row.until), reason: row.reason } : undefined;
}

/** "2026-11-29 03:15 UTC": a mute's end as a player reads it, the same everywhere. */
export function utcMinute(d: Date): string {
  // Rounded up to the minute, so "until 03:15" is never a minute early.
  const up = new Date(Math.ceil(d.getTime() / 60_000) * 60_000);
  return `${up.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** Refuses a chat post from a muted player, saying until when (issue 46). */
export async function assertNotMuted(trx: Trx, userId: number, now: Date): Promise<void> {
  const mute = await activeMute(trx, userId, now);
  if (mute) throw forbidden(MSG.chatMuted(utcMinute(mute.until), mute.reason));
}

/**
 * Refuses a trade between two players when either blocked the other. The blocker is told plainly
 * (they made the block); the blocked sender reads a neutral text that does not reveal the block,
 * since a block is the blocker's private choice (RULES.md keeps what a player does not show private).
 */
export async function assertNotBlocked(trx: Trx, actorId: number, otherId: number): Promise<void> {
  const rows: Array<{ blocker_id: number }> = await trx("player_blocks")
    .where({ blocker_id: actorId, blocked_id: otherId })
    .orWhere({ blocker_id: otherId, blocked_id: actorId })
    .select("blocker_id");
  if (rows.some((r) => r.blocker_id === actorId)) throw badRequest(MSG.tradeYouBlocked);
  if (rows.length > 0) throw forbidden(MSG.tradeNotAccepting);
}

/** My blocks, newest first, by public name. */
export async function blocksOf(db: Db, blockerId: number): Promise<BlockedPlayerDto[]> {
  const rows: Array<{ id: number; display_name: string | null; created_at: Date }> = await db("player_blocks as b")
    .join("users as u", "u.id", "b.blocked_id")
    .where("b.blocker_id", blockerId)
    .orderBy("b.created_at", "desc")
    .select("u.id", "u.display_name", "b.created_at");
  return rows.map((r) => ({ userId: r.id, displayName: publicNameOf({ id: r.id, displayName: r.display_name }), blockedAt: new Date(r.created_at).toISOString() }));
}
