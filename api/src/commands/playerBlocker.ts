import { MSG } from "../contract/messages.ts";
import { publicNameOf } from "../contract/publicName.ts";
import type { Db } from "../db/knex.ts";
import { badRequest, notFound } from "../http/errors.ts";

/**
 * POST /blocks: hides the blocked player's chat messages from the blocker and stops trade offers
 * between the two (queries/chatSafety.ts). Blocking twice is harmless: `created` says whether
 * this call made the block. Answers the blocked player's public name, never their username.
 */
export async function blockPlayer(db: Db, blockerId: number, blockedId: number, now = new Date()): Promise<{ created: boolean; userId: number; displayName: string }> {
  if (blockerId === blockedId) throw badRequest(MSG.blockSelf);
  return db.transaction(async (trx) => {
    const target = await trx("users").where({ id: blockedId }).first("id", "display_name");
    if (!target) throw notFound(MSG.blockPlayerMissing);
    const inserted = await trx("player_blocks").insert({ blocker_id: blockerId, blocked_id: blockedId, created_at: now }).onConflict(["blocker_id", "blocked_id"]).ignore().returning("blocked_id");
    return { created: inserted.length > 0, userId: target.id, displayName: publicNameOf({ id: target.id, displayName: target.display_name }) };
  });
}

/** DELETE /blocks/:userId: lifts my block; lifting a block that is not there is not an error. */
export async function unblockPlayer(db: Db, blockerId: number, blockedId: number): Promise<{ removed: boolean }> {
  const removed = await db("player_blocks").where({ blocker_id: blockerId, blocked_id: blockedId }).delete();
  return { removed: removed > 0 };
}
