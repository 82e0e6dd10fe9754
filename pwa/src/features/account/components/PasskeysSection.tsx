import { useState, type FormEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import { FALLBACK, MSG } from "@contract/messages";
import type { PasskeyDto } from "@contract/passkeys";
import { LIMITS } from "@contract/rules";
import { messageOf } from "../../../lib/http";
import { passkeyMessageOf, passkeysSupported } from "../../../lib/passkeys";
import { useQueryOffline } from "../../../lib/queryOffline";
import { useSession } from "../../../lib/session";
import { hasPassword } from "../accountRules";
import { Button } from "../../../lib/ui/Button";
import { ErrorBanner } from "../../../lib/ui/ErrorBanner";
import { Icon } from "../../../lib/ui/Icon";
import { OfflineState } from "../../../lib/ui/OfflineState";
import { TextField } from "../../../lib/ui/TextField";
import { useToast } from "../../../lib/ui/Toasts";
import { passkeysQueryOptions } from "../api";
import { useAddPasskey, useRemovePasskey } from "../hooks";

const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });

/** A name to start from: what kind of device this is, which the player may change. */
function suggestedName(): string {
  const ua = typeof navigator === "undefined" ? "" : navigator.userAgent;
  if (/iPhone/.test(ua)) return "iPhone";
  if (/iPad/.test(ua)) return "iPad";
  if (/Android/.test(ua)) return "Android phone";
  if (/Macintosh/.test(ua)) return "Mac";
  if (/Windows/.test(ua)) return "Windows PC";
  return "This device";
}

/**
 * Passkeys (issue 46): sign in with the phone's or computer's lock (face, fingerprint, PIN) instead
 * of the password. Added with a name, listed with when each was added and last used, removed.
 */
export function PasskeysSection() {
  const query = useQuery(passkeysQueryOptions());
  const view = useQueryOffline(query);
  const supported = passkeysSupported();
  const withPassword = hasPassword(useSession().user);
  return (
    <section className="settings__section" aria-labelledby="settings-passkeys-title">
      <h3 id="settings-passkeys-title" className="settings__heading">
        <Icon name="key" size={18} /> Passkeys
      </h3>
      <p className="settings__text">
        {withPassword
          ? "Sign in with your device's screen lock (face, fingerprint or PIN) instead of typing your password. Your password keeps working."
          : "You sign in with your device's screen lock (face, fingerprint or PIN): your account has no password."}
      </p>
      {query.data !== undefined ? (
        <>
          <PasskeyList passkeys={query.data.passkeys} lastStays={!withPassword && query.data.passkeys.length === 1} />
          {!supported ? <p className="settings__text">{MSG.passkeyUnsupported}</p> : query.data.passkeys.length < LIMITS.passkeysMax ? <AddPasskeyForm /> : null}
        </>
      ) : view.offline ? (
        <OfflineState view={view} />
      ) : view.error ? (
        <ErrorBanner>{messageOf(view.error, FALLBACK.passkeys)}</ErrorBanner>
      ) : (
        <p className="settings__loading" role="status">
          Loading...
        </p>
      )}
    </section>
  );
}

/** `lastStays`: the only passkey of an account without a password cannot go (the server refuses it too). */
function PasskeyList({ passkeys, lastStays }: { passkeys: PasskeyDto[]; lastStays: boolean }) {
  const remove = useRemovePasskey();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  if (passkeys.length === 0) return <p className="settings__text settings__empty">No passkeys yet.</p>;
  return (
    <>
      <ul className="passkey-list" aria-label="Your passkeys">
        {passkeys.map((p) => (
          <li key={p.id} className="passkey-list__item">
            <span className="passkey-list__icon" aria-hidden="true">
              <Icon name="key" size={18} />
            </span>
            <span className="passkey-list__text">
              <strong className="passkey-list__name">{p.name}</strong>
              <span className="passkey-list__meta">
                Added {formatDate(p.createdAt)} · {p.lastUsedAt ? `last used ${formatDate(p.lastUsedAt)}` : "not used yet"}
              </span>
            </span>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Remove passkey ${p.name}`}
              busy={remove.isPending && remove.variables === p.id}
              busyLabel="Removing..."
              disabled={lastStays}
              aria-describedby={lastStays ? "passkey-last-stays" : undefined}
              onClick={() => {
                setError(null);
                remove.mutate(p.id, {
                  onSuccess: () => toast(MSG.passkeyRemoved, { variant: "success" }),
                  onError: (err) => setError(messageOf(err, FALLBACK.removePasskey)),
                });
              }}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      {lastStays && (
        <p id="passkey-last-stays" className="settings__text">
          {MSG.lastPasskeyNeedsPassword}
        </p>
      )}
      <ErrorBanner>{error}</ErrorBanner>
    </>
  );
}

function AddPasskeyForm() {
  const [name, setName] = useState(suggestedName);
  const [error, setError] = useState<string | null>(null);
  const add = useAddPasskey();
  const toast = useToast();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed || trimmed.length > LIMITS.passkeyNameMax) {
      setError(MSG.passkeyNameInvalid);
      return;
    }
    setError(null);
    add.mutate(trimmed, {
      onSuccess: () => toast(MSG.passkeyAdded, { variant: "success" }),
      onError: (err) => setError(passkeyMessageOf(err, FALLBACK.addPasskey)),
    });
  }

  return (
    <form className="settings__form" onSubmit={handleSubmit} noValidate aria-label="Add a passkey">
      <TextField label="Passkey name" name="passkeyName" maxLength={LIMITS.passkeyNameMax} value={name} onChange={(e) => setName(e.target.value)} hint="So you can tell your passkeys apart." />
      <ErrorBanner>{error}</ErrorBanner>
      <div className="settings__actions">
        <Button type="submit" variant="primary" icon={<Icon name="key" size={16} />} busy={add.isPending} busyLabel="Waiting for your device...">
          Add a passkey
        </Button>
      </div>
    </form>
  );
}
