import type { ChatReportDto } from "../contract/chat.ts";
import type { ReportReason } from "../contract/rules.ts";
import { MSG } from "../contract/messages.ts";
import type { Db } from "../db/knex.ts";
import { badRequest, notFound } from "../http/errors.ts";

/**
 * POST /chat/messages/:id/report. One report per reporter per message: the unique index decides,
 * so two reports sent at once store one row; a repeat answers the first report (idempotent),
 * marked `alreadyReported`, and never changes its reason. The message's text is copied into the
 * report, so operators can read it even once the message is gone.
 */
export async function reportMessage(db: Db, reporterId: number, messageId: number, reason: ReportReason, now = new Date()): Promise<ChatReportDto> {
  return db.transaction(async (trx) => {
    const message = await trx("chat_messages").where({ id: messageId }).first("id", "user_id", "message");
    if (!message) throw notFound(MSG.reportMessageMissing);
    if (message.user_id === reporterId) throw badRequest(MSG.reportOwnMessage);
    const [inserted] = await trx("chat_reports")
      .insert({ reporter_id: reporterId, message_id: messageId, reported_user_id: message.user_id, message_text: message.message, reason, created_at: now })
      .onConflict(["reporter_id", "message_id"])
      .ignore()
      .returning(["id", "reason", "created_at"]);
    const row = inserted ?? (await trx("chat_reports").where({ reporter_id: reporterId, message_id: messageId }).first("id", "reason", "created_at"));
    return { id: row.id, messageId, reason: row.reason, createdAt: new Date(row.created_at).toISOString(), alreadyReported: !inserted };
  });
}
