import { MSG } from "@contract/messages";
import { Icon } from "../../lib/ui/Icon";
import { useInstall } from "../useInstall";
import { InstallAction } from "./InstallAction";

/** The account menu's Install entry; nothing at all once installed or where installing is impossible. */
export function InstallSection() {
  const install = useInstall();
  if (install.mode === "none") return null;
  return (
    <section className="settings__section install-section" aria-labelledby="settings-install-title">
      <h3 id="settings-install-title" className="settings__heading">
        <Icon name="install" size={18} /> Install the game
      </h3>
      <p className="install-section__lead">{MSG.installLead}</p>
      <InstallAction install={install} />
    </section>
  );
}
