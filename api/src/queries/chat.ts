import type { ChatMessageDto } from "../contract/chat.ts";
import type { Db } from "../db/knex.ts";
import { publicNameOf } from "../contract/publicName.ts";

/** The newest `limit` messages, oldest first (the order a chat reads). */
export async function recentMessages(db: Db, limit: number, onlyId?: number): Promise<ChatMessageDto[]> {
  const rows = await db("chat_messages as m")
    .join("users as u", "u.id", "m.user_id")
    .modify((q) => {
      if (onlyId !== undefined) q.where("m.id", onlyId);
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
