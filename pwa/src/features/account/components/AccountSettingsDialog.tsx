import { useSession } from "../../../lib/session";
import { Dialog } from "../../../lib/ui/Dialog";
import { InstallSection } from "../../../install/components/InstallSection";
import { DisplayNameSection } from "./DisplayNameSection";
import { EmailSection } from "./EmailSection";
import { PasswordSection } from "./PasswordSection";
import { PasskeysSection } from "./PasskeysSection";
import { NotificationsSection } from "./NotificationsSection";
import { DeleteAccountSection } from "./DeleteAccountSection";
import { SpendingLimitSection } from "../../spending/SpendingLimitSection";
import { MatchesVisibilitySection } from "../../tradeFinder/components/MatchesVisibilitySection";
import "./Account.css";

/** Account Settings (SPEC.md section 2): display name, optional email, password, passkeys (issue 46); Install (issue 12); Delete my account (issue 46), last. */
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
        {/* First when it shows at all: the one action here a player of a browser tab is most likely after. */}
        <InstallSection />
        <DisplayNameSection currentName={user.displayName ?? ""} />
        <EmailSection />
        <PasswordSection />
        <PasskeysSection />
        <NotificationsSection />
        <MatchesVisibilitySection />
        <SpendingLimitSection />
        <DeleteAccountSection />
      </div>
    </Dialog>
  );
}
