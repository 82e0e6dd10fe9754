import type { ChatMessageDto } from "../contract/chat.ts";
import type { Db } from "../db/knex.ts";
import { publicNameOf } from "../contract/publicName.ts";

/**
 * The newest `limit` messages, oldest first (the order a chat reads). With a viewer, messages from
 * players the viewer blocked are left out on the server (issue 46): the newest `limit` they may see.
 */
export async function recentMessages(db: Db, limit: number, onlyId?: number, viewerId?: number): Promise<ChatMessageDto[]> {
  const rows = await db("chat_messages as m")
    .join("users as u", "u.id", "m.user_id")
    .modify((q) => {
      if (onlyId !== undefined) q.where("m.id", onlyId);
      if (viewerId !== undefined) {
        q.whereNotExists((b) => b.select(db.raw("1")).from("player_blocks as b").where("b.blocker_id", viewerId).andWhereRaw("b.blocked_id = m.user_id"));
      }
    })
    .orderBy("m.id", "desc")
    .limit(limit)
    .select("m.id", "m.message", "m.created_at", "u.id as user_id", "u.display_name");
  return rows.reverse().map((r: { id: number; message: string; created_at: Date; user_id: number; display_name: string | null }) => ({
    id: r.id,
    message: r.message,
    createdAt: new Date(r.created_at).toISOString(),
    // The login username stays private: `username` carries the public name (RULES.md, Accounts).
    user: { id: r.user_id, displayName: publicNameOf({ id: r.user_id, displayName: r.display_name }), username: publicNameOf({ id: r.user_id, displayName: r.display_name }) },
  }));
}
