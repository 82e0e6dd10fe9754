import { useState } from "react";
import { MSG } from "@contract/messages";
import { LIMITS } from "@contract/rules";
import { useAppConfig } from "../../../lib/appConfig";
import { copyText } from "../../../lib/clipboard";
import { Button } from "../../../lib/ui/Button";
import { useToast } from "../../../lib/ui/Toasts";

/** The Support & Feedback form (SPEC.md section 8): loaded when the dialog first opens. */
export function SupportForm({ onDone }: { onDone: () => void }) {
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
