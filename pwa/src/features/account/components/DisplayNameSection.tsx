import { useState, type FormEvent } from "react";
import { FALLBACK, MSG } from "@contract/messages";
import { LIMITS, isValidDisplayName } from "@contract/rules";
import { messageOf } from "../../../lib/http";
import { Button } from "../../../lib/ui/Button";
import { ErrorBanner } from "../../../lib/ui/ErrorBanner";
import { Icon } from "../../../lib/ui/Icon";
import { TextField } from "../../../lib/ui/TextField";
import { useToast } from "../../../lib/ui/Toasts";
import { USERNAME_CHECK_DEBOUNCE_MS, displayNameProblem } from "../accountRules";
import { checkDisplayName } from "../api";
import { useAvailabilityCheck, useSetDisplayName } from "../hooks";
import { availabilityTone } from "./fieldTone";

export function DisplayNameSection({ currentName }: { currentName: string }) {
  const [name, setName] = useState(currentName);
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();
  const save = useSetDisplayName();
  const trimmed = name.trim();
  const unchanged = trimmed === currentName;
  // SPEC.md section 4: skipped under 2 characters or when unchanged.
  const availability = useAvailabilityCheck({
    value: trimmed,
    enabled: trimmed.length >= LIMITS.displayNameMin && !unchanged,
    debounceMs: USERNAME_CHECK_DEBOUNCE_MS,
    validate: displayNameProblem,
    check: checkDisplayName,
    availableMessage: MSG.displayNameAvailable,
    takenMessage: MSG.displayNameTaken,
    failedMessage: FALLBACK.checkAvailability,
  });
  const canSave = (availability.status === "available" || unchanged) && isValidDisplayName(trimmed);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSave) return;
    setError(null);
    save.mutate(trimmed, {
      onSuccess: () => toast(MSG.displayNameSaved, { variant: "success" }),
      onError: (err) => setError(messageOf(err, FALLBACK.setUsername)),
    });
  }

  return (
    <section className="settings__section" aria-labelledby="settings-name-title">
      <h3 id="settings-name-title" className="settings__heading">
        <Icon name="user" size={18} /> Display name
      </h3>
      <form className="settings__form" onSubmit={handleSubmit} noValidate>
        <TextField
          label="Display name"
          name="displayName"
          autoComplete="nickname"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="Enter display name (2-20 characters)"
          maxLength={LIMITS.displayNameMax}
          value={name}
          onChange={(e) => setName(e.target.value)}
          message={availability.message}
          messageTone={availabilityTone(availability.status)}
        />
        <ErrorBanner>{error}</ErrorBanner>
        <div className="settings__actions">
          <Button type="submit" variant="primary" disabled={!canSave} busy={save.isPending} busyLabel="Saving...">
            Save Display Name
          </Button>
        </div>
      </form>
    </section>
  );
}
