import { useEffect, useRef, useState } from "react";
import { MSG } from "@contract/messages";
import { useAppConfig } from "../../../lib/appConfig";
import { Button } from "../../../lib/ui/Button";
import { Dialog } from "../../../lib/ui/Dialog";

/** How long 'Terms Accepted!' shows before the account is created (SPEC.md section 4). */
const ACCEPTED_PAUSE_MS = 1200;

type Phase = "asking" | "accepted" | "creating";

interface TermsDialogProps {
  open: boolean;
  username: string;
  onCancel: () => void;
  /** Creates the account; the dialog closes when the caller signs in or reports a failure. */
  onCreate: () => Promise<void>;
}

/** 'Welcome to {product}!': the terms, shown when the typed username does not exist yet. */
export function TermsDialog({ open, username, onCancel, onCreate }: TermsDialogProps) {
  const { appName } = useAppConfig();
  const [phase, setPhase] = useState<Phase>("asking");
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (!open) setPhase("asking");
    return () => window.clearTimeout(timer.current);
  }, [open]);

  function accept() {
    setPhase("accepted");
    timer.current = window.setTimeout(() => {
      setPhase("creating");
      void onCreate();
    }, ACCEPTED_PAUSE_MS);
  }

  const busy = phase !== "asking";
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      dismissible={!busy}
      title={`Welcome to ${appName}!`}
      description={
        <>
          There is no account called <strong>{username}</strong> yet. Create it now?
        </>
      }
      footer={
        <>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button
            variant={phase === "accepted" ? "gold" : "primary"}
            onClick={accept}
            busy={phase === "creating"}
            busyLabel="Creating..."
            disabled={busy}
            data-autofocus
          >
            {phase === "accepted" ? MSG.termsAccepted : "Accept & Create Account"}
          </Button>
        </>
      }
    >
      <div className="terms-dialog">
        <p>Before your first pack, please read and accept our terms:</p>
        <ul className="terms-dialog__list">
          <li>You are at least 18 years old and may view adult content where you live.</li>
          <li>Coins and gems have no cash value, and all purchases are final.</li>
          <li>Be respectful in chat and trades; accounts that abuse other players are closed.</li>
        </ul>
        <p>
          Read the full{" "}
          <a href="/terms" target="_blank" rel="noopener noreferrer">
            Terms of Service
          </a>{" "}
          and{" "}
          <a href="/privacy" target="_blank" rel="noopener noreferrer">
            Privacy Policy
          </a>{" "}
          (they open in a new tab).
        </p>
        <p className="terms-dialog__status" role="status" aria-live="polite">
          {phase === "creating" ? MSG.creatingAccount : ""}
        </p>
      </div>
    </Dialog>
  );
}
