// The chat's calls (issue 46 added reports and blocks). Query keys live here so mutations
// invalidate exactly what the queries read.
import type { BlockedPlayerDto, ChatMessageDto, ChatReportDto, ChatStatusDto } from "@contract/chat";
import type { ReportReason } from "@contract/rules";
import { MSG } from "@contract/messages";
import { apiRequest } from "../../lib/http";

export const chatKey = ["chat-messages"] as const;
export const blocksKey = ["chat-blocks"] as const;
export const chatStatusKey = ["chat-status"] as const;

/** The player's own chat status (a running mute and its notice), read when the chat opens. */
export function fetchChatStatus(signal?: AbortSignal): Promise<ChatStatusDto> {
  return apiRequest<ChatStatusDto>("/chat/status", { fallback: "Failed to load the chat status", signal });
}

export function fetchBlocks(signal?: AbortSignal): Promise<BlockedPlayerDto[]> {
  return apiRequest<BlockedPlayerDto[]>("/blocks", { fallback: MSG.blocksLoadFailed, signal });
}

export function reportMessage(message: ChatMessageDto, reason: ReportReason): Promise<ChatReportDto> {
  return apiRequest<ChatReportDto>(`/chat/messages/${message.id}/report`, { method: "POST", body: { reason }, fallback: MSG.reportFailed });
}

export function blockPlayer(userId: number): Promise<{ userId: number; displayName: string }> {
  return apiRequest(`/blocks`, { method: "POST", body: { userId }, fallback: MSG.blockFailed });
}

export async function unblockPlayer(userId: number): Promise<void> {
  await apiRequest<unknown>(`/blocks/${userId}`, { method: "DELETE", fallback: MSG.unblockFailed });
}
