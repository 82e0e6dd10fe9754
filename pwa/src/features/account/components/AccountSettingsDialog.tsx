import { useSession } from "../../../lib/session";
import { Dialog } from "../../../lib/ui/Dialog";
import { DisplayNameSection } from "./DisplayNameSection";
import { EmailSection } from "./EmailSection";
import { PasswordSection } from "./PasswordSection";
import "./Account.css";

/** Account Settings (SPEC.md section 2): display name, optional email, password. */
export function AccountSettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { user } = useSession();
  if (!user) return null;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title="Account Settings"
      description={
        <>
          Signed in as <strong>{user.username}</strong>
        </>
      }
      className="settings-dialog"
    >
      <div className="settings">
        <DisplayNameSection currentName={user.displayName ?? ""} />
        <EmailSection />
        <PasswordSection />
      </div>
    </Dialog>
  );
}
