import type { ChatMessageDto } from "../contract/chat.ts";
import type { Db } from "../db/knex.ts";

/** The newest `limit` messages, oldest first (the order a chat reads). */
export async function recentMessages(db: Db, limit: number, onlyId?: number): Promise<ChatMessageDto[]> {
  const rows = await db("chat_messages as m")
    .join("users as u", "u.id", "m.user_id")
    .modify((q) => {
      if (onlyId !== undefined) q.where("m.id", onlyId);
    })
    .orderBy("m.id", "desc")
    .limit(limit)
    .select("m.id", "m.message", "m.created_at", "u.display_name", "u.username");
  return rows.reverse().map((r: { id: number; message: string; created_at: Date; display_name: string | null; username: string }) => ({
    id: r.id,
    message: r.message,
    createdAt: new Date(r.created_at).toISOString(),
    user: { displayName: r.display_name, username: r.username },
  }));
}
