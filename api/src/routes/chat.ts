import Router from "@koa/router";
import { CHAT_PAGE_DEFAULT, ChatMessageBody } from "../contract/chat.ts";
import type { Db } from "../db/knex.ts";
import { postChatMessage } from "../commands/chatPoster.ts";
import { requireAuth } from "../http/auth.ts";
import { parseBody } from "../http/validate.ts";
import { recentMessages } from "../queries/chat.ts";

export function chatRoutes(db: Db) {
  const router = new Router();
  const auth = requireAuth(db);

  router.get("/chat/messages", auth, async (ctx) => {
    const asked = Number(ctx.query.limit);
    const limit = Number.isInteger(asked) && asked > 0 ? Math.min(asked, CHAT_PAGE_DEFAULT) : CHAT_PAGE_DEFAULT;
    ctx.set("Cache-Control", "no-store");
    ctx.body = await recentMessages(db, limit);
  });

  router.post("/chat/messages", auth, async (ctx) => {
    const { message } = parseBody(ctx, ChatMessageBody);
    const id = await postChatMessage(db, ctx.state.userId, message);
    ctx.status = 201;
    ctx.body = (await recentMessages(db, 1, id))[0];
  });

  return router;
}
