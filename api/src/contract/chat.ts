import { z } from "zod";
import { MSG } from "./messages.ts";
import { LIMITS, REPORT_REASONS, type ReportReason } from "./rules.ts";
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

export const ReportBody = z.object({
  reason: z.enum(REPORT_REASONS, { error: MSG.reportReasonInvalid }),
});

export interface ChatReportDto {
  id: number;
  messageId: number;
  reason: ReportReason;
  createdAt: string;
  /** True when this player had already reported the message: nothing new was stored. */
  alreadyReported: boolean;
}

/** A player is blocked by the public identity the chat shows: `user.id` of a message. */
export const BlockBody = z.object({
  userId: z.number({ error: MSG.blockPlayerMissing }).int({ error: MSG.blockPlayerMissing }).positive({ error: MSG.blockPlayerMissing }).max(2_147_483_647, { error: MSG.blockPlayerMissing }),
});

/** One of my blocks: the public name only (RULES.md, Accounts). */
export interface BlockedPlayerDto {
  userId: number;
  displayName: string;
  blockedAt: string;
}

/**
 * GET /api/chat/status: what the chat shows above its input before the player types (issue 46):
 * a running operator's mute, its end (ISO) and the notice, the same text a refused post answers.
 */
export interface ChatStatusDto {
  mutedUntil: string | null;
  mutedNotice: string | null;
}
