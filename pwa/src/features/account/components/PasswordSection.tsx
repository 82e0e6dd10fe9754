import { useState, type FormEvent } from "react";
import { FALLBACK, MSG } from "@contract/messages";
import { LIMITS } from "@contract/rules";
import { messageOf } from "../../../lib/http";
import { Button } from "../../../lib/ui/Button";
import { ErrorBanner } from "../../../lib/ui/ErrorBanner";
import { Icon } from "../../../lib/ui/Icon";
import { TextField } from "../../../lib/ui/TextField";
import { useToast } from "../../../lib/ui/Toasts";
import { validatePasswordChange } from "../accountRules";
import { useUpdatePassword } from "../hooks";

const EMPTY = { currentPassword: "", newPassword: "", confirmPassword: "" };

export function PasswordSection() {
  const [fields, setFields] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();
  const save = useUpdatePassword();
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [key]: e.target.value }));
  const mismatch = fields.confirmPassword !== "" && fields.newPassword !== fields.confirmPassword;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = validatePasswordChange(fields);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    save.mutate(
      { currentPassword: fields.currentPassword, newPassword: fields.newPassword },
      {
        onSuccess: () => {
          setFields(EMPTY);
          toast(MSG.passwordSaved, { variant: "success" });
        },
        onError: (err) => {
          // SPEC.md logs failures; the player is also told why (e.g. a wrong current password).
          const message = messageOf(err, FALLBACK.updatePassword);
          console.warn(message);
          setError(message);
        },
      },
    );
  }

  return (
    <section className="settings__section" aria-labelledby="settings-password-title">
      <h3 id="settings-password-title" className="settings__heading">
        <Icon name="lock" size={18} /> Password
      </h3>
      <form className="settings__form" onSubmit={handleSubmit} noValidate>
        <TextField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          maxLength={LIMITS.loginPasswordMax}
          value={fields.currentPassword}
          onChange={set("currentPassword")}
        />
        <div className="settings__pair">
          <TextField
            label="New password"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            minLength={LIMITS.newPasswordMin}
            maxLength={LIMITS.newPasswordMax}
            value={fields.newPassword}
            onChange={set("newPassword")}
            hint={`${LIMITS.newPasswordMin}-${LIMITS.newPasswordMax} characters.`}
          />
          <TextField
            label="Confirm new password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            maxLength={LIMITS.newPasswordMax}
            value={fields.confirmPassword}
            onChange={set("confirmPassword")}
            message={mismatch ? MSG.passwordsDoNotMatch : null}
            messageTone="error"
          />
        </div>
        <ErrorBanner>{error}</ErrorBanner>
        <div className="settings__actions">
          <Button type="submit" variant="primary" busy={save.isPending} busyLabel="Saving...">
            Change Password
          </Button>
        </div>
      </form>
    </section>
  );
}
