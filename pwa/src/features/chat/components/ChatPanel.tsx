import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import type { ChatMessageDto } from "@contract/chat";
import { MSG } from "@contract/messages";
import { LIMITS } from "@contract/rules";
import { ApiError, apiRequest, messageOf } from "../../../lib/http";
import { useQueryOffline } from "../../../lib/queryOffline";
import { useSignedInUser } from "../../../lib/session";
import { Button } from "../../../lib/ui/Button";
import { NoticeBanner } from "../../../lib/ui/ErrorBanner";
import { OfflineState } from "../../../lib/ui/OfflineState";
import { useToast } from "../../../lib/ui/Toasts";
import { chatKey, chatStatusKey, fetchChatStatus } from "../api";
import { useLivePoll } from "../../../live/liveEvents";
import { BlockedPlayers } from "./BlockedPlayers";
import { MessageActions } from "./MessageActions";

const POLL_MS = 5_000;

/** The Global Chat dialog's contents (SPEC.md sections 4, 8): loaded when the chat first opens. */
export function ChatPanel() {
  const me = useSignedInUser();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState("");
  const [sending, setSending] = useState(false);
  // An operator's mute (issue 46): the server's text, which says until when, stays above the form,
  // from the moment the chat opens (GET /chat/status) or from a refused post.
  const [refusedAsMuted, setMuted] = useState<string | null>(null);
  const status = useQuery({ queryKey: chatStatusKey, queryFn: ({ signal }) => fetchChatStatus(signal), staleTime: 0, retry: false });
  const muted = refusedAsMuted ?? status.data?.mutedNotice ?? null;
  const listRef = useRef<HTMLOListElement>(null);
  // Loads on open and polls every 5 s while the dialog is open; failures are only logged.
  const messages = useQuery({
    queryKey: chatKey,
    queryFn: ({ signal }) =>
      apiRequest<ChatMessageDto[]>("/chat/messages?limit=50", { fallback: "Failed to load messages", signal }).catch((err: unknown) => {
        console.warn(messageOf(err, "Failed to load messages"));
        throw err;
      }),
    refetchInterval: useLivePoll(POLL_MS),
    retry: false,
  });
  const view = useQueryOffline(messages);
  const count = messages.data?.length ?? 0;
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [count, messages.data?.[count - 1]?.id]);

  const send = async () => {
    const text = draft.trim();
    if (!text || sending || view.offline) return;
    setSending(true);
    try {
      const sent = await apiRequest<ChatMessageDto>("/chat/messages", { method: "POST", body: { message: text }, fallback: MSG.chatSendFailed });
      setDraft("");
      setMuted(null);
      if (status.data?.mutedNotice) void queryClient.invalidateQueries({ queryKey: chatStatusKey });
      // Shown at once, so it stays readable if the connection drops before the list reloads.
      queryClient.setQueryData<ChatMessageDto[]>(chatKey, (old) => (old && sent && !old.some((m) => m.id === sent.id) ? [...old, sent] : old));
      await queryClient.invalidateQueries({ queryKey: chatKey });
    } catch (err) {
      if (err instanceof ApiError && err.status === 403) setMuted(err.message);
      else toast(messageOf(err, MSG.chatSendFailed), { variant: "error" });
    } finally {
      setSending(false);
    }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter is a new line.
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };

  return (
    <div className="chat">
      {view.offline && (
        <NoticeBanner icon="offline" className="chat__offline">
          {MSG.chatOffline}
        </NoticeBanner>
      )}
      {view.lastKnown && <OfflineState view={view} />}
      <ol ref={listRef} className="chat__list" aria-label="Messages" aria-live="polite">
        {view.loading && <li className="chat__note">{MSG.chatLoading}</li>}
        {view.missing && <li className="chat__note">{MSG.offlineNotLoaded}</li>}
        {messages.data?.length === 0 && <li className="chat__note">{MSG.chatEmptyList}</li>}
        {messages.data?.map((m) => {
          const mine = m.user.id === me.id;
          const name = m.user.displayName ?? m.user.username;
          return (
            <li key={m.id} className={`chat__message${mine ? " is-mine" : ""}`}>
              <span className="chat__meta">
                <strong>{mine ? "You" : name}</strong>
                <time dateTime={m.createdAt}>{new Date(m.createdAt).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}</time>
                {!mine && <MessageActions message={m} name={name} disabled={view.offline} />}
              </span>
              {/* Text, never HTML: React escapes it. */}
              <span className="chat__text">{m.message}</span>
            </li>
          );
        })}
      </ol>
      {muted && (
        <p className="chat__muted" role="alert">
          {muted}
        </p>
      )}
      <form
        className="chat__form"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <label className="visually-hidden" htmlFor="chat-input">
          Message
        </label>
        <textarea
          id="chat-input"
          className="chat__input"
          value={draft}
          maxLength={LIMITS.chatMessageMax}
          rows={2}
          placeholder="Type a message..."
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <div className="chat__actions">
          <span className="chat__counter">
            {draft.length}/{LIMITS.chatMessageMax}
          </span>
          <Button type="submit" variant="primary" size="sm" busy={sending} busyLabel="Sending..." disabled={!draft.trim() || view.offline}>
            Send
          </Button>
        </div>
      </form>
      <BlockedPlayers offline={view.offline} />
    </div>
  );
}
