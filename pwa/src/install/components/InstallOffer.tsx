import { useState } from "react";
import { MSG } from "@contract/messages";
import type { UserDto } from "@contract/user";
import { Icon } from "../../lib/ui/Icon";
import { readStored, writeStored } from "../../lib/storage";
import { packsOpened, showPackOffer } from "../installRules";
import { useInstall } from "../useInstall";
import { InstallAction, keepFocusNear } from "./InstallAction";

/** Per device, not per player: whoever plays on this phone said no once, so it never asks again. */
const DISMISSED_KEY = "foilbound-install-offer-dismissed";

/** The packs screen's one-time offer to install, from the player's third pack on (issue 12). */
export function InstallOffer({ user }: { user: UserDto }) {
  const install = useInstall();
  const [dismissed, setDismissed] = useState(() => readStored<boolean>(DISMISSED_KEY) === true);
  if (!showPackOffer({ mode: install.mode, packsOpened: packsOpened(user), dismissed })) return null;
  const dismiss = () => {
    writeStored(DISMISSED_KEY, true);
    setDismissed(true);
  };
  return (
    <aside className="install-offer" aria-labelledby="install-offer-title">
      <Icon name="install" size={22} className="install-offer__icon" />
      <div className="install-offer__body">
        <h2 id="install-offer-title" className="install-offer__title">
          {MSG.installOfferTitle}
        </h2>
        <p className="install-offer__lead">{MSG.installLead}</p>
        <div className="install-offer__actions">
          {/* Declining the browser's own dialog counts as "not now" too: it is never offered here again. */}
          <InstallAction install={install} onAnswer={(outcome) => outcome === "dismissed" && dismiss()} />
          <button
            type="button"
            className="install-offer__dismiss"
            onClick={(event) => {
              const restoreFocus = keepFocusNear(event.currentTarget);
              dismiss();
              restoreFocus();
            }}
          >
            {MSG.installOfferDismiss}
          </button>
        </div>
      </div>
    </aside>
  );
}
