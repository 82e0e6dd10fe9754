import { useState, type FormEvent } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { FALLBACK, MSG } from "@contract/messages";
import { LIMITS } from "@contract/rules";
import { messageOf } from "../../../lib/http";
import { clearSession } from "../../../lib/session";
import { Button } from "../../../lib/ui/Button";
import { ErrorBanner } from "../../../lib/ui/ErrorBanner";
import { Icon } from "../../../lib/ui/Icon";
import { PasskeyButton } from "../../../lib/ui/PasskeyButton";
import { TextField } from "../../../lib/ui/TextField";
import { useToast } from "../../../lib/ui/Toasts";
import { passkeyMessageOf, passkeysSupported } from "../../../lib/passkeys";
import { confirmWithPasskey, deleteAccount, passkeysQueryOptions, type DeletionProof } from "../api";
import { useSession } from "../../../lib/session";
import { hasPassword } from "../accountRules";

const DOWNLOADS = [
  ["collection.csv", "Collection (CSV)"],
  ["collection.json", "Collection (JSON)"],
  ["pulls.csv", "Pull history (CSV)"],
  ["pulls.json", "Pull history (JSON)"],
] as const;

/**
 * Issue 46 item 3, "Delete my account": the downloads first, then a confirmation proven with the
 * current password or, when the player has passkeys, with one of them (DeletionProof).
 */
export function DeleteAccountSection() {
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();
  const remove = useMutation({ mutationFn: (proof: DeletionProof) => deleteAccount(proof) });
  // With a passkey: the browser's dialog, then the same deletion with its answer as the proof.
  const removeWithPasskey = useMutation({ mutationFn: async () => deleteAccount(await confirmWithPasskey()) });
  const passkeys = useQuery({ ...passkeysQueryOptions(), enabled: confirming });
  const canUsePasskey = passkeysSupported() && (passkeys.data?.passkeys.length ?? 0) > 0;
  // Passkeys only (issue 46): the passkey is the one proof; no password field.
  const withPassword = hasPassword(useSession().user);

  const done = {
    onSuccess: () => {
      toast(MSG.accountDeleted, { variant: "success" });
      // Forgets the player here too: caches and the offline collection empty, the sign-in screen shows.
      clearSession();
    },
    onError: (err: unknown) => setError(passkeyMessageOf(err, FALLBACK.deleteAccount)),
  };

  function deleteWithPasskey() {
    setError(null);
    removeWithPasskey.mutate(undefined, done);
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setError(MSG.deleteAccountPasswordRequired);
      return;
    }
    setError(null);
    remove.mutate({ password }, done);
  }

  return (
    <section className="settings__section settings__section--danger" aria-labelledby="settings-delete-title">
      <h3 id="settings-delete-title" className="settings__heading">
        <Icon name="alert" size={18} /> Delete my account
      </h3>
      <p className="settings__text">
        Deleting erases your cards, pack history, trades, battles, chat messages and settings for good, and signs you out everywhere. Purchase
        records are kept for accounting, without your name. Download your data first if you want a copy:
      </p>
      <p className="settings__downloads">
        {DOWNLOADS.map(([file, label]) => (
          <a key={file} className="btn btn--secondary btn--sm" href={`/api/export/${file}`} download>
            <Icon name="download" size={16} /> {label}
          </a>
        ))}
      </p>
      {!confirming ? (
        <div className="settings__actions">
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Delete my account...
          </Button>
        </div>
      ) : (
        <form className="settings__form" onSubmit={handleSubmit} noValidate aria-label="Confirm account deletion">
          {withPassword ? (
            <TextField
              label="Current password"
              name="deletePassword"
              type="password"
              autoComplete="current-password"
              maxLength={LIMITS.loginPasswordMax}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              hint="This cannot be undone."
              autoFocus
            />
          ) : (
            <p className="settings__text">Confirm with one of your passkeys. This cannot be undone.</p>
          )}
          {canUsePasskey && withPassword && (
            <div className="settings__actions">
              <PasskeyButton variant="secondary" busy={removeWithPasskey.isPending} disabled={remove.isPending} onClick={deleteWithPasskey}>
                Use a passkey instead
              </PasskeyButton>
            </div>
          )}
          <ErrorBanner>{error}</ErrorBanner>
          <div className="settings__actions settings__actions--split">
            <Button
              type="button"
              variant="ghost"
              onClick={() => {
                setConfirming(false);
                setPassword("");
                setError(null);
              }}
            >
              Cancel
            </Button>
            {withPassword ? (
              <Button type="submit" variant="danger" busy={remove.isPending} busyLabel="Deleting..." disabled={removeWithPasskey.isPending}>
                Delete my account forever
              </Button>
            ) : (
              <PasskeyButton variant="danger" busy={removeWithPasskey.isPending} disabled={!passkeysSupported()} onClick={deleteWithPasskey}>
                Delete with a passkey
              </PasskeyButton>
            )}
          </div>
        </form>
      )}
    </section>
  );
}
