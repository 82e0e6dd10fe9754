import Router from "@koa/router";
import type { Context } from "koa";
import { BlockBody, CHAT_PAGE_DEFAULT, ChatMessageBody, ReportBody, type ChatStatusDto } from "../contract/chat.ts";
import { MSG } from "../contract/messages.ts";
import type { Db } from "../db/knex.ts";
import { postChatMessage } from "../commands/chatPoster.ts";
import { reportMessage } from "../commands/chatReporter.ts";
import { blockPlayer, unblockPlayer } from "../commands/playerBlocker.ts";
import { requireAuth } from "../http/auth.ts";
import { notFound } from "../http/errors.ts";
import { parseBody } from "../http/validate.ts";
import { recentMessages } from "../queries/chat.ts";
import { activeMute, blocksOf, utcMinute } from "../queries/chatSafety.ts";

/** A positive integer id from the path (PostgreSQL's integer range), or the given 404. */
function idParam(ctx: Context, name: string, missing: string): number {
  const raw = ctx.params[name];
  if (!raw || !/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > 2_147_483_647) throw notFound(missing);
  return Number(raw);
}

export function chatRoutes(db: Db) {
  const router = new Router();
  const auth = requireAuth(db);

  router.get("/chat/messages", auth, async (ctx) => {
    const asked = Number(ctx.query.limit);
    const limit = Number.isInteger(asked) && asked > 0 ? Math.min(asked, CHAT_PAGE_DEFAULT) : CHAT_PAGE_DEFAULT;
    ctx.set("Cache-Control", "no-store");
    // Each player's list leaves out the players they blocked (issue 46).
    ctx.body = await recentMessages(db, limit, undefined, ctx.state.userId);
  });

  router.get("/chat/status", auth, async (ctx) => {
    const mute = await activeMute(db, ctx.state.userId, new Date());
    ctx.set("Cache-Control", "no-store");
    const body: ChatStatusDto = mute ? { mutedUntil: mute.until.toISOString(), mutedNotice: MSG.chatMuted(utcMinute(mute.until), mute.reason) } : { mutedUntil: null, mutedNotice: null };
    ctx.body = body;
  });

  router.post("/chat/messages", auth, async (ctx) => {
    const { message } = parseBody(ctx, ChatMessageBody);
    const id = await postChatMessage(db, ctx.state.userId, message);
    ctx.status = 201;
    ctx.body = (await recentMessages(db, 1, id))[0];
  });

  // Issue 46, chat safety. A report answers 201 when stored, 200 when this player had already
  // reported the message (the first report stands).
  router.post("/chat/messages/:id/report", auth, async (ctx) => {
    const messageId = idParam(ctx, "id", MSG.reportMessageMissing);
    const { reason } = parseBody(ctx, ReportBody);
    const report = await reportMessage(db, ctx.state.userId, messageId, reason);
    ctx.status = report.alreadyReported ? 200 : 201;
    ctx.body = report;
  });

  router.get("/blocks", auth, async (ctx) => {
    ctx.set("Cache-Control", "no-store");
    ctx.body = await blocksOf(db, ctx.state.userId);
  });

  router.post("/blocks", auth, async (ctx) => {
    const { userId } = parseBody(ctx, BlockBody);
    const block = await blockPlayer(db, ctx.state.userId, userId);
    ctx.status = block.created ? 201 : 200;
    ctx.body = { userId: block.userId, displayName: block.displayName };
  });

  router.delete("/blocks/:userId", auth, async (ctx) => {
    await unblockPlayer(db, ctx.state.userId, idParam(ctx, "userId", MSG.blockPlayerMissing));
    ctx.status = 204;
  });

  return router;
}
