import { z } from "zod";
import { MSG } from "./messages.ts";
import { LIMITS } from "./rules.ts";
import { cleanChatText, hasVisibleCharacter } from "./text.ts";

export interface ChatMessageDto {
  id: number;
  message: string;
  createdAt: string;
  /** `username` is the public name too: another player's login name never leaves the server. */
  user: { id: number; displayName: string | null; username: string };
}

export const ChatMessageBody = z.object({
  message: z
    .string({ error: MSG.chatEmpty })
    .transform(cleanChatText)
    .pipe(
      z
        .string()
        .min(1, { error: MSG.chatEmpty })
        .max(LIMITS.chatMessageMax, { error: MSG.chatTooLong })
        .refine(hasVisibleCharacter, { error: MSG.chatInvisible }),
    ),
});

export const CHAT_PAGE_DEFAULT = 50;
/** RULES.md, Chat: at most 5 messages per 10 seconds per player. */
export const CHAT_BURST = { messages: 5, windowMs: 10_000 } as const;
