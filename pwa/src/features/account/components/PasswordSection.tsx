import { useState, type FormEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import { FALLBACK, MSG } from "@contract/messages";
import { LIMITS } from "@contract/rules";
import { messageOf } from "../../../lib/http";
import { passkeyMessageOf, passkeysSupported } from "../../../lib/passkeys";
import { useSession } from "../../../lib/session";
import { Button } from "../../../lib/ui/Button";
import { PasskeyButton } from "../../../lib/ui/PasskeyButton";
import { ErrorBanner } from "../../../lib/ui/ErrorBanner";
import { Icon } from "../../../lib/ui/Icon";
import { TextField } from "../../../lib/ui/TextField";
import { useToast } from "../../../lib/ui/Toasts";
import { hasPassword, validateNewPassword, validatePasswordChange } from "../accountRules";
import { passkeysQueryOptions } from "../api";
import { useRemovePassword, useSetPasswordWithPasskey, useUpdatePassword } from "../hooks";

const EMPTY = { currentPassword: "", newPassword: "", confirmPassword: "" };

/**
 * The password: changed with the current one; or (issue 46, "keep the password or not") removed
 * when the player has a passkey, after which they sign in with passkeys only and may set a password
 * again, confirmed with a passkey.
 */
export function PasswordSection() {
  const { user } = useSession();
  const withPassword = hasPassword(user);
  const passkeys = useQuery(passkeysQueryOptions());
  const passkeyCount = passkeys.data?.passkeys.length ?? 0;
  return (
    <section className="settings__section" aria-labelledby="settings-password-title">
      <h3 id="settings-password-title" className="settings__heading">
        <Icon name="lock" size={18} /> Password
      </h3>
      {withPassword ? (
        <>
          <ChangePasswordForm />
          {passkeyCount > 0 && <RemovePassword />}
        </>
      ) : (
        <SetPasswordForm />
      )}
    </section>
  );
}

function NewPasswordFields({ fields, set }: { fields: typeof EMPTY; set: (key: keyof typeof EMPTY) => (e: { target: { value: string } }) => void }) {
  const mismatch = fields.confirmPassword !== "" && fields.newPassword !== fields.confirmPassword;
  return (
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
  );
}

function usePasswordFields() {
  const [fields, setFields] = useState(EMPTY);
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [key]: e.target.value }));
  return { fields, set, reset: () => setFields(EMPTY) };
}

function ChangePasswordForm() {
  const { fields, set, reset } = usePasswordFields();
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();
  const save = useUpdatePassword();

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
          reset();
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
      <NewPasswordFields fields={fields} set={set} />
      <ErrorBanner>{error}</ErrorBanner>
      <div className="settings__actions">
        <Button type="submit" variant="primary" busy={save.isPending} busyLabel="Saving...">
          Change Password
        </Button>
      </div>
    </form>
  );
}

/** Passkeys only from now on: confirmed with the current password; every other device is signed out. */
function RemovePassword() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();
  const remove = useRemovePassword();

  if (!open) {
    return (
      <div className="settings__subsection">
        <p className="settings__text">You have a passkey, so you can sign in without a password.</p>
        <div className="settings__actions">
          <Button variant="secondary" onClick={() => setOpen(true)}>
            Remove password...
          </Button>
        </div>
      </div>
    );
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setError(MSG.passwordFieldsRequired);
      return;
    }
    setError(null);
    // Awaited rather than per-call callbacks: success swaps this form for the passkeys-only one, which would drop them.
    try {
      await remove.mutateAsync(password);
      toast(MSG.passwordRemoved, { variant: "success" });
    } catch (err) {
      setError(messageOf(err, FALLBACK.removePassword));
    }
  }

  return (
    <form className="settings__form settings__subsection" onSubmit={(e) => void handleSubmit(e)} noValidate aria-label="Remove password">
      <p className="settings__text">
        Without a password you sign in with your passkeys only, and every other device is signed out. You can set a password again here at any time.
      </p>
      <TextField
        label="Current password"
        name="removePassword"
        type="password"
        autoComplete="current-password"
        maxLength={LIMITS.loginPasswordMax}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        autoFocus
      />
      <ErrorBanner>{error}</ErrorBanner>
      <div className="settings__actions settings__actions--split">
        <Button
          type="button"
          variant="ghost"
          onClick={() => {
            setOpen(false);
            setPassword("");
            setError(null);
          }}
        >
          Cancel
        </Button>
        <Button type="submit" variant="danger" busy={remove.isPending} busyLabel="Removing...">
          Remove password
        </Button>
      </div>
    </form>
  );
}

/** A passkeys-only account sets a password again: the passkey's dialog confirms it. */
function SetPasswordForm() {
  const { fields, set } = usePasswordFields();
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();
  const save = useSetPasswordWithPasskey();

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = validateNewPassword(fields);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    // Awaited: success swaps this form for the change form, which would drop per-call callbacks.
    try {
      await save.mutateAsync(fields.newPassword);
      toast(MSG.passwordSet, { variant: "success" });
    } catch (err) {
      setError(passkeyMessageOf(err, FALLBACK.updatePassword));
    }
  }

  return (
    <form className="settings__form" onSubmit={(e) => void handleSubmit(e)} noValidate aria-label="Set a password">
      <p className="settings__text">
        <strong>{MSG.passkeysOnly}</strong> Set a password to sign in with it too; your passkey confirms it.
      </p>
      <NewPasswordFields fields={fields} set={set} />
      <ErrorBanner>{error}</ErrorBanner>
      {!passkeysSupported() && <p className="settings__text">{MSG.passkeyUnsupported}</p>}
      <div className="settings__actions">
        <PasskeyButton type="submit" variant="primary" busy={save.isPending} disabled={!passkeysSupported()}>
          Set a password
        </PasskeyButton>
      </div>
    </form>
  );
}
