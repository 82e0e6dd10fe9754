import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { FALLBACK, MSG } from "@contract/messages";
import { LIMITS } from "@contract/rules";
import { messageOf } from "../../../lib/http";
import { useQueryOffline } from "../../../lib/queryOffline";
import { Button } from "../../../lib/ui/Button";
import { ErrorBanner, NoticeBanner } from "../../../lib/ui/ErrorBanner";
import { Icon } from "../../../lib/ui/Icon";
import { OfflineState } from "../../../lib/ui/OfflineState";
import { TextField } from "../../../lib/ui/TextField";
import { useToast } from "../../../lib/ui/Toasts";
import { passkeyMessageOf } from "../../../lib/passkeys";
import { useSession } from "../../../lib/session";
import { EMAIL_CHECK_DEBOUNCE_MS, emailPasswordProblem, emailProblem, hasPassword } from "../accountRules";
import { checkEmail, emailQueryOptions } from "../api";
import { useAvailabilityCheck, useUpdateEmail } from "../hooks";
import { availabilityTone } from "./fieldTone";

export function EmailSection() {
  const emailQuery = useQuery(emailQueryOptions());
  // Offline the query waits for the network: say so instead of an endless "Loading...".
  const view = useQueryOffline(emailQuery);
  return (
    <section className="settings__section" aria-labelledby="settings-email-title">
      <h3 id="settings-email-title" className="settings__heading">
        <Icon name="mail" size={18} /> Email <span className="settings__optional">(optional)</span>
      </h3>
      {emailQuery.data !== undefined ? (
        // Keyed by the saved address so the form starts fresh after every save.
        <EmailForm key={emailQuery.data.email ?? ""} currentEmail={emailQuery.data.email} />
      ) : view.offline ? (
        <OfflineState view={view} />
      ) : view.error ? (
        <ErrorBanner>{messageOf(view.error, FALLBACK.getEmail)}</ErrorBanner>
      ) : (
        <p className="settings__loading" role="status">
          Loading...
        </p>
      )}
    </section>
  );
}

function EmailForm({ currentEmail }: { currentEmail: string | null }) {
  const [email, setEmail] = useState(currentEmail ?? "");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  // Mail configured: the new address waits for its confirmation link (issue 46).
  const [pending, setPending] = useState<string | null>(null);
  const toast = useToast();
  const save = useUpdateEmail();
  // Passkeys only (issue 46): no password to type; the passkey's dialog confirms the change.
  const withPassword = hasPassword(useSession().user);
  const trimmed = email.trim();
  const changed = trimmed !== (currentEmail ?? "");
  const removing = trimmed === "" && currentEmail !== null;
  const availability = useAvailabilityCheck({
    value: trimmed,
    enabled: changed && trimmed !== "",
    debounceMs: EMAIL_CHECK_DEBOUNCE_MS,
    validate: emailProblem,
    check: checkEmail,
    availableMessage: MSG.emailAvailable,
    takenMessage: MSG.emailTaken,
    failedMessage: FALLBACK.checkEmailAvailability,
  });
  const canSubmit = changed && (removing || availability.status === "available");

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    const problem = withPassword ? emailPasswordProblem(trimmed, password) : null;
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    const fallback = removing ? FALLBACK.unlinkEmail : FALLBACK.updateEmail;
    try {
      // Awaited rather than per-call callbacks: a save re-keys this form, which would drop them.
      const saved = await save.mutateAsync({ email: trimmed || null, password, withPasskey: !withPassword, fallback });
      if (saved.pendingEmail) {
        setPending(saved.message ?? MSG.emailConfirmSent(saved.pendingEmail));
        setEmail(currentEmail ?? "");
        setPassword("");
        return;
      }
      toast(removing ? MSG.emailRemoved : MSG.emailSaved, { variant: "success" });
    } catch (err) {
      setError(passkeyMessageOf(err, fallback));
    }
  }

  return (
    <form className="settings__form" onSubmit={(e) => void handleSubmit(e)} noValidate>
      <TextField
        label="Email address"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder="you@example.com"
        maxLength={LIMITS.emailMax}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        hint={currentEmail ? "Clear the field to remove your address." : "Add an address so support can reach you about your account."}
        message={availability.message}
        messageTone={availabilityTone(availability.status)}
      />
      {withPassword ? (
        <TextField
          label="Current password"
          name="emailPassword"
          type="password"
          autoComplete="current-password"
          maxLength={LIMITS.loginPasswordMax}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint="Required to change or remove your email address."
        />
      ) : (
        <p className="settings__text">Your passkey confirms a change or removal of your address.</p>
      )}
      <ErrorBanner>{error}</ErrorBanner>
      <NoticeBanner icon="mail">{pending}</NoticeBanner>
      <div className="settings__actions">
        <Button type="submit" variant={removing ? "danger" : "primary"} disabled={!canSubmit} busy={save.isPending} busyLabel="Saving...">
          {removing ? "Remove Email" : "Save Email"}
        </Button>
      </div>
    </form>
  );
}
