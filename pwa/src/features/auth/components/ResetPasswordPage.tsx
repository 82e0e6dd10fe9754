import { Link } from "@tanstack/react-router";
import { useState, type FormEvent } from "react";
import { FALLBACK, MSG } from "@contract/messages";
import { LIMITS } from "@contract/rules";
import { messageOf } from "../../../lib/http";
import { Button } from "../../../lib/ui/Button";
import { ErrorBanner, NoticeBanner } from "../../../lib/ui/ErrorBanner";
import { TextField } from "../../../lib/ui/TextField";
import { resetPassword } from "../api";
import { AccountLinkPage } from "./AccountLinkPage";

/** /reset-password?token=...: the new password, twice; the API applies the registration's policy. */
export function ResetPasswordPage({ token }: { token: string }) {
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [error, setError] = useState<string | null>(token ? null : MSG.resetLinkInvalid);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password || !repeat) return setError(MSG.passwordFieldsRequired);
    if (password.length < LIMITS.newPasswordMin) return setError(MSG.newPasswordTooShort);
    if (password !== repeat) return setError(MSG.passwordsDoNotMatch);
    setBusy(true);
    setError(null);
    try {
      setDone(await resetPassword(token, password));
    } catch (err) {
      setError(messageOf(err, FALLBACK.resetPassword));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AccountLinkPage title="Choose a new password">
      {done ? (
        <>
          <NoticeBanner icon="check">{done}</NoticeBanner>
          <Link to="/" className="btn btn--primary btn--lg btn--block">
            Go to sign in
          </Link>
        </>
      ) : (
        <form className="login-form" onSubmit={submit} noValidate>
          <p className="auth-panel__lead">The link works once. A new password signs you out on every device.</p>
          <TextField
            label="New password"
            icon="lock"
            name="new-password"
            type="password"
            autoComplete="new-password"
            hint={`At least ${LIMITS.newPasswordMin} characters, not your username, not a common password.`}
            maxLength={LIMITS.newPasswordMax}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            data-autofocus
          />
          <TextField
            label="Repeat the new password"
            icon="lock"
            name="repeat-password"
            type="password"
            autoComplete="new-password"
            maxLength={LIMITS.newPasswordMax}
            value={repeat}
            onChange={(e) => setRepeat(e.target.value)}
          />
          <ErrorBanner>{error}</ErrorBanner>
          <Button type="submit" variant="primary" size="lg" block busy={busy} busyLabel="Saving..." disabled={!token}>
            Set new password
          </Button>
        </form>
      )}
    </AccountLinkPage>
  );
}
