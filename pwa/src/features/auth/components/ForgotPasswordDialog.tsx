import { useEffect, useRef, useState, type FormEvent } from "react";
import { FALLBACK, MSG } from "@contract/messages";
import { LIMITS } from "@contract/rules";
import { messageOf } from "../../../lib/http";
import { ErrorBanner, NoticeBanner } from "../../../lib/ui/ErrorBanner";
import { TextField } from "../../../lib/ui/TextField";
import { requestPasswordReset } from "../api";
import { useAppConfig } from "../../../lib/appConfig";
import { copyText } from "../../../lib/clipboard";
import { Button } from "../../../lib/ui/Button";
import { Dialog } from "../../../lib/ui/Dialog";
import { EmailAddress } from "../../../lib/ui/EmailAddress";
import { Icon } from "../../../lib/ui/Icon";

/** SPEC.md section 9: 'Email copied to clipboard!' shows for 2 seconds. */
const COPIED_MS = 2000;

/**
 * With mail configured (issue 46) a reset link by e-mail; without, SPEC.md's dialog: the player
 * writes to support with their username.
 */
export function ForgotPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { passwordResetByMail } = useAppConfig();
  return passwordResetByMail ? <ResetByMailDialog open={open} onClose={onClose} /> : <ContactSupportDialog open={open} onClose={onClose} />;
}

function ContactSupportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { supportEmail } = useAppConfig();
  const [status, setStatus] = useState("");
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (!open) setStatus("");
    return () => window.clearTimeout(timer.current);
  }, [open]);

  async function copyAddress() {
    const copied = await copyText(supportEmail);
    setStatus(copied ? MSG.emailCopied : MSG.copyFailed);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setStatus(""), COPIED_MS);
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      // md (32rem): the support address and its Copy button share one row on a wide screen.
      size="md"
      title="Forgot your password?"
      footer={
        <Button variant="primary" onClick={onClose}>
          Got it
        </Button>
      }
    >
      <p>
        Contact our support team by e-mail and include your <strong>username</strong>. We will help you get back into your account.
      </p>
      <div className="copy-address">
        <Icon name="mail" size={20} />
        <a className="copy-address__value" href={`mailto:${supportEmail}`}>
          <EmailAddress address={supportEmail} />
        </a>
        <Button size="sm" icon={<Icon name="copy" size={16} />} onClick={copyAddress} data-autofocus>
          Copy
        </Button>
      </div>
      <p className="copy-address__status" role="status" aria-live="polite">
        {status}
      </p>
    </Dialog>
  );
}

/** Username or e-mail; the answer never says whether an account matched. */
function ResetByMailDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [login, setLogin] = useState("");
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) {
      setSent(null);
      setError(null);
      setLogin("");
    }
  }, [open]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = login.trim();
    if (!value) {
      setError(MSG.forgotLoginRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setSent(await requestPasswordReset(value));
    } catch (err) {
      setError(messageOf(err, FALLBACK.forgotPassword));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="md"
      title="Forgot your password?"
      footer={
        sent ? (
          <Button variant="primary" onClick={onClose}>
            Got it
          </Button>
        ) : (
          <>
            <Button onClick={onClose}>Cancel</Button>
            <Button variant="primary" type="submit" form="forgot-password-form" busy={busy} busyLabel="Sending...">
              Send reset link
            </Button>
          </>
        )
      }
    >
      {sent ? (
        <NoticeBanner icon="check">{sent}</NoticeBanner>
      ) : (
        <form id="forgot-password-form" className="login-form" onSubmit={submit} noValidate>
          <p>Enter your username or the email address of your account. We will email you a link to choose a new password.</p>
          <TextField
            label="Username or email"
            icon="user"
            name="login"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={LIMITS.emailMax}
            value={login}
            onChange={(e) => setLogin(e.target.value)}
            data-autofocus
          />
          <ErrorBanner>{error}</ErrorBanner>
        </form>
      )}
    </Dialog>
  );
}
