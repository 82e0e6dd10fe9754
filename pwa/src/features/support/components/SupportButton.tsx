import { useState } from "react";
import { MSG } from "@contract/messages";
import { LIMITS } from "@contract/rules";
import { useAppConfig } from "../../../lib/appConfig";
import { copyText } from "../../../lib/clipboard";
import { Button } from "../../../lib/ui/Button";
import { Dialog } from "../../../lib/ui/Dialog";
import { useToast } from "../../../lib/ui/Toasts";
import "./support.css";

/** The header's help button and the Support & Feedback dialog (SPEC.md sections 2, 8). */
export function SupportButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="icon-button" onClick={() => setOpen(true)} aria-haspopup="dialog" aria-label="Support & Feedback" title="Support & Feedback">
        <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <circle cx="12" cy="12" r="10" />
          <path d="M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3" />
          <path d="M12 17h.01" />
        </svg>
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Support & Feedback" size="md">
        <SupportForm onDone={() => setOpen(false)} />
      </Dialog>
    </>
  );
}

function SupportForm({ onDone }: { onDone: () => void }) {
  const { supportEmail, appName } = useAppConfig();
  const toast = useToast();
  const [subject, setSubject] = useState("");
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    if (!subject.trim() || !message.trim()) {
      setError(MSG.supportFillBoth);
      return;
    }
    setError(null);
    const composed = `To: ${supportEmail}\nSubject: [${appName}] ${subject.trim()}\n\n${message.trim()}`;
    if (await copyText(composed)) {
      toast(MSG.supportCopied(supportEmail), { variant: "success" });
      onDone();
    } else {
      toast(MSG.supportCopyFailed(supportEmail), { variant: "error" });
    }
  };

  return (
    <form
      className="support"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      noValidate
    >
      <p className="support__intro">
        Tell us what happened or what you would like to see. We will copy your message so you can email it to <strong>{supportEmail}</strong>.
      </p>
      <label className="support__field">
        <span>Subject</span>
        <input value={subject} maxLength={LIMITS.supportSubjectMax} onChange={(e) => setSubject(e.target.value)} />
        <span className="support__counter">
          {subject.length}/{LIMITS.supportSubjectMax}
        </span>
      </label>
      <label className="support__field">
        <span>Message</span>
        <textarea value={message} rows={6} maxLength={LIMITS.supportMessageMax} onChange={(e) => setMessage(e.target.value)} />
        <span className="support__counter">
          {message.length}/{LIMITS.supportMessageMax}
        </span>
      </label>
      {error && (
        <p className="support__error" role="alert">
          {error}
        </p>
      )}
      <Button type="submit" variant="primary" block>
        Copy message for email
      </Button>
    </form>
  );
}
