import { z } from "zod";
import { MSG } from "./messages.ts";
import { LIMITS } from "./rules.ts";

export interface ChatMessageDto {
  id: number;
  message: string;
  createdAt: string;
  user: { displayName: string | null; username: string };
}

export const ChatMessageBody = z.object({
  message: z
    .string({ error: MSG.chatEmpty })
    .trim()
    .min(1, { error: MSG.chatEmpty })
    .max(LIMITS.chatMessageMax, { error: MSG.chatTooLong }),
});

export const CHAT_PAGE_DEFAULT = 50;
/** RULES.md, Chat: at most 5 messages per 10 seconds per player. */
export const CHAT_BURST = { messages: 5, windowMs: 10_000 } as const;
