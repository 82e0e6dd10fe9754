import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import type { ChatMessageDto } from "@contract/chat";
import { REPORT_REASONS, REPORT_REASON_LABELS, type ReportReason } from "@contract/rules";
import { MSG } from "@contract/messages";
import { messageOf } from "../../../lib/http";
import { Button } from "../../../lib/ui/Button";
import { Dialog } from "../../../lib/ui/Dialog";
import { useToast } from "../../../lib/ui/Toasts";
import { blockPlayer, blocksKey, chatKey, reportMessage } from "../api";

/**
 * The small menu on another player's message (issue 46): Report... (with a reason) and Block.
 * A block drops that player's messages from the list at once, then the list is fetched again.
 */
export function MessageActions({ message, name, disabled }: { message: ChatMessageDto; name: string; disabled?: boolean }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [dialog, setDialog] = useState<"report" | "block" | null>(null);
  const menuId = useId();
  const rootRef = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent ? e.key === "Escape" : !rootRef.current?.contains(e.target as Node)) {
        if (e instanceof KeyboardEvent) e.stopPropagation();
        setMenuOpen(false);
      }
    };
    document.addEventListener("pointerdown", close);
    document.addEventListener("keydown", close, true);
    rootRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => {
      document.removeEventListener("pointerdown", close);
      document.removeEventListener("keydown", close, true);
    };
  }, [menuOpen]);

  const choose = (what: "report" | "block") => {
    setMenuOpen(false);
    setDialog(what);
  };

  return (
    <span className="chat-actions" ref={rootRef}>
      <button
        type="button"
        className="chat-actions__toggle"
        aria-label={`Options for ${name}'s message`}
        aria-haspopup="menu"
        aria-expanded={menuOpen}
        aria-controls={menuOpen ? menuId : undefined}
        disabled={disabled}
        onClick={() => setMenuOpen((o) => !o)}
      >
        <svg width="16" height="16" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
          <circle cx="5" cy="12" r="2" />
          <circle cx="12" cy="12" r="2" />
          <circle cx="19" cy="12" r="2" />
        </svg>
      </button>
      {menuOpen && (
        <span className="chat-actions__menu" role="menu" id={menuId}>
          <button type="button" role="menuitem" onClick={() => choose("report")}>
            Report...
          </button>
          <button type="button" role="menuitem" className="is-danger" onClick={() => choose("block")}>
            Block {name}
          </button>
        </span>
      )}
      {dialog === "report" && <ReportDialog message={message} name={name} onClose={() => setDialog(null)} />}
      {dialog === "block" && <BlockDialog userId={message.user.id} name={name} onClose={() => setDialog(null)} />}
    </span>
  );
}

function ReportDialog({ message, name, onClose }: { message: ChatMessageDto; name: string; onClose: () => void }) {
  const toast = useToast();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!reason || busy) return;
    setBusy(true);
    try {
      const report = await reportMessage(message, reason);
      toast(report.alreadyReported ? MSG.reportAlready : MSG.reportSent, { variant: "success" });
      onClose();
    } catch (err) {
      toast(messageOf(err, MSG.reportFailed), { variant: "error" });
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title="Report message"
      size="sm"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" busy={busy} busyLabel="Reporting..." disabled={!reason} onClick={() => void submit()}>
            Report
          </Button>
        </>
      }
    >
      <form
        className="chat-report"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <blockquote className="chat-report__quote">
          <strong>{name}</strong>
          <span>{message.message}</span>
        </blockquote>
        <fieldset className="chat-report__reasons">
          <legend>Why are you reporting it?</legend>
          {REPORT_REASONS.map((r, i) => (
            <label key={r} className="chat-report__reason">
              <input type="radio" name="report-reason" value={r} checked={reason === r} onChange={() => setReason(r)} data-autofocus={i === 0 ? true : undefined} />
              <span>{REPORT_REASON_LABELS[r]}</span>
            </label>
          ))}
        </fieldset>
      </form>
    </Dialog>
  );
}

function BlockDialog({ userId, name, onClose }: { userId: number; name: string; onClose: () => void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await blockPlayer(userId);
      // Gone at once; the refetch then fills the list with the newest messages left to see.
      queryClient.setQueryData<ChatMessageDto[]>(chatKey, (old) => old?.filter((m) => m.user.id !== userId));
      toast(MSG.blockDone(name), { variant: "success" });
      onClose();
      await Promise.all([queryClient.invalidateQueries({ queryKey: chatKey }), queryClient.invalidateQueries({ queryKey: blocksKey })]);
    } catch (err) {
      toast(messageOf(err, MSG.blockFailed), { variant: "error" });
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Block ${name}?`}
      size="sm"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" busy={busy} busyLabel="Blocking..." onClick={() => void confirm()} data-autofocus>
            Block
          </Button>
        </>
      }
    >
      <p className="chat-block__text">{MSG.blockConfirm(name)}</p>
    </Dialog>
  );
}
