import { publishEvent } from "../events/publish.ts";
import { recentMessages } from "../queries/chat.ts";
import { CHAT_BURST } from "../contract/chat.ts";
import { MSG } from "../contract/messages.ts";
import type { Db } from "../db/knex.ts";
import { tooManyRequests } from "../http/errors.ts";
import { ChatMessage } from "../models/ChatMessage.ts";
import { assertNotMuted } from "../queries/chatSafety.ts";
import { lockUser } from "../queries/users.ts";

/**
 * Posts a chat message. The player's row lock serialises their posts, so the count of their
 * messages in the last 10 seconds is exact: a sixth message inside the window is refused.
 * A player an operator muted is refused first, told until when (issue 46).
 */
export async function postChatMessage(db: Db, userId: number, message: string, now = new Date()): Promise<number> {
  return db.transaction(async (trx) => {
    await lockUser(trx, userId);
    await assertNotMuted(trx, userId, now);
    const recent = await trx("chat_messages")
      .where("user_id", userId)
      .andWhere("created_at", ">", new Date(now.getTime() - CHAT_BURST.windowMs))
      .count("* as n")
      .first();
    if (Number(recent?.n ?? 0) >= CHAT_BURST.messages) throw tooManyRequests(MSG.chatTooFast);
    const posted = await ChatMessage.query(trx).insert({ userId, message, createdAt: now });
    // Issue 47: everyone's chat shows it when this commits, on every API process.
    const [shown] = await recentMessages(trx, 1, posted.id);
    if (shown) await publishEvent(trx, "chat", { message: shown }, "everyone");
    return posted.id;
  });
}
