import { useEffect, useRef, useState } from "react";
import { MSG } from "@contract/messages";
import { useAppConfig } from "../../../lib/appConfig";
import { copyText } from "../../../lib/clipboard";
import { Button } from "../../../lib/ui/Button";
import { Dialog } from "../../../lib/ui/Dialog";
import { EmailAddress } from "../../../lib/ui/EmailAddress";
import { Icon } from "../../../lib/ui/Icon";

/** SPEC.md section 9: 'Email copied to clipboard!' shows for 2 seconds. */
const COPIED_MS = 2000;

/** No self-service reset: the player writes to support with their username. */
export function ForgotPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
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
