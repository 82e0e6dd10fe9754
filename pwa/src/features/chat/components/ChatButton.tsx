import { lazy, useState } from "react";
import type { BlockedPlayerDto, ChatMessageDto } from "@contract/chat";
import { MSG } from "@contract/messages";
import { Dialog } from "../../../lib/ui/Dialog";
import { LazyPart } from "../../../lib/ui/LazyPart";
import { blocksKey, chatKey, fetchBlocks } from "../api";
import { onLiveEvent } from "../../../live/liveEvents";
import "./chat.css";

// The dialog's contents (list, form, report menu, blocked players) load when the chat first
// opens: most visits never open it, and the first screen should not wait for it.
const ChatPanel = lazy(() => import("./ChatPanel").then((m) => ({ default: m.ChatPanel })));

/** The chat keeps the newest messages, as GET /chat/messages serves them. */
const KEPT = 50;

// Issue 47: a message arrives with its event, on every open chat, without a poll. Players the
// viewer blocked stay hidden, as the server leaves them out of the list: the block list is read
// once and again after a block or an unblock (they invalidate it), not per message.
const BLOCKS_FRESH_MS = 10 * 60_000;
onLiveEvent("chat", ({ message }, queryClient) => {
  if (!queryClient.getQueryData<ChatMessageDto[]>(chatKey)) return;
  void queryClient
    .fetchQuery({ queryKey: blocksKey, queryFn: ({ signal }) => fetchBlocks(signal), staleTime: BLOCKS_FRESH_MS })
    .catch(() => queryClient.getQueryData<BlockedPlayerDto[]>(blocksKey) ?? [])
    .then((blocked) => {
      if (blocked.some((b) => b.userId === message.user.id)) return;
      queryClient.setQueryData<ChatMessageDto[]>(chatKey, (old) =>
        old && !old.some((m) => m.id === message.id) ? [...old, message].sort((a, b) => a.id - b.id).slice(-KEPT) : old,
      );
    });
});

/** The header's chat button and the Global Chat dialog (SPEC.md sections 2, 4, 8). */
export function ChatButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="icon-button" onClick={() => setOpen(true)} aria-haspopup="dialog" aria-label="Global Chat" title="Global Chat">
        <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
        </svg>
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Global Chat" size="md" className="chat-dialog">
        <LazyPart fallback={<ChatPlaceholder text={MSG.partNotLoaded} />} loading={<ChatPlaceholder text={MSG.chatLoading} />}>
          <ChatPanel />
        </LazyPart>
      </Dialog>
    </>
  );
}

/** While the chat's code arrives (or if it cannot): the list's own box, so the dialog keeps its size. */
function ChatPlaceholder({ text }: { text: string }) {
  return (
    <div className="chat">
      <ol className="chat__list" aria-label="Messages">
        <li className="chat__note">{text}</li>
      </ol>
    </div>
  );
}
