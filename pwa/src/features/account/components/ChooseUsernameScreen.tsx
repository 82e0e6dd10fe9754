import { useState, type FormEvent } from "react";
import { FALLBACK, MSG } from "@contract/messages";
import { LIMITS } from "@contract/rules";
import { messageOf } from "../../../lib/http";
import { Button } from "../../../lib/ui/Button";
import { ErrorBanner } from "../../../lib/ui/ErrorBanner";
import { Logo } from "../../../lib/ui/Logo";
import { TextField } from "../../../lib/ui/TextField";
import { usePageTitle } from "../../../lib/usePageTitle";
import { USERNAME_CHECK_DEBOUNCE_MS, displayNameProblem } from "../accountRules";
import { checkDisplayName } from "../api";
import { useAvailabilityCheck, useSetDisplayName } from "../hooks";
import { availabilityTone } from "./fieldTone";
import "./Account.css";

/** Signed in without a display name (it was taken when the account was made): pick one first. */
export function ChooseUsernameScreen({ onSignOut }: { onSignOut: () => void }) {
  usePageTitle("Choose Your Username");
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const trimmed = name.trim();
  const availability = useAvailabilityCheck({
    value: trimmed,
    enabled: trimmed.length >= LIMITS.displayNameMin,
    debounceMs: USERNAME_CHECK_DEBOUNCE_MS,
    validate: displayNameProblem,
    check: checkDisplayName,
    availableMessage: MSG.displayNameAvailable,
    takenMessage: MSG.displayNameTaken,
    failedMessage: FALLBACK.checkAvailability,
  });
  const save = useSetDisplayName();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (availability.status !== "available") return;
    setError(null);
    save.mutate(trimmed, { onError: (err) => setError(messageOf(err, FALLBACK.setUsername)) });
  }

  return (
    <main className="choose-username">
      <Logo size="lg" />
      <section className="choose-username__panel panel" aria-labelledby="choose-username-title">
        <h1 id="choose-username-title" className="choose-username__title">
          Choose Your Username
        </h1>
        <p className="choose-username__lead">
          This is the name other collectors see on the leaderboard, in trades and in chat. Someone already plays under the name you signed up
          with, so pick another one.
        </p>
        <form className="choose-username__form" onSubmit={handleSubmit} noValidate>
          <TextField
            label="Username"
            icon="user"
            name="displayName"
            autoComplete="nickname"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={LIMITS.displayNameMax}
            value={name}
            onChange={(e) => setName(e.target.value)}
            hint="2-20 characters: letters, numbers, underscore and dash."
            message={availability.message}
            messageTone={availabilityTone(availability.status)}
            autoFocus
          />
          <ErrorBanner>{error}</ErrorBanner>
          <Button
            type="submit"
            variant="primary"
            size="lg"
            block
            disabled={availability.status !== "available"}
            busy={save.isPending}
            busyLabel="Saving..."
          >
            Continue to Game
          </Button>
        </form>
        <p className="choose-username__signout">
          Not you?{" "}
          <button type="button" className="text-link" onClick={onSignOut}>
            Sign out
          </button>
        </p>
      </section>
    </main>
  );
}
