import { MSG } from "@contract/messages";
import { Button } from "../../lib/ui/Button";
import { Icon } from "../../lib/ui/Icon";
import type { InstallState } from "../useInstall";
import "./install.css";

/**
 * The one thing the player can do to install the game here: the browser's prompt behind a real
 * button, or on iOS Safari the words for Safari's own menu. `onAnswer` hears the prompt's outcome.
 */
export function InstallAction({ install, onAnswer }: { install: InstallState; onAnswer?: (outcome: "accepted" | "dismissed" | "unavailable") => void }) {
  if (install.mode === "prompt") {
    return (
      <Button variant="gold" icon={<Icon name="install" size={18} />} onClick={() => void install.install().then(onAnswer)}>
        {MSG.installButton}
      </Button>
    );
  }
  if (install.mode === "ios-hint") {
    return (
      <p className="install-hint">
        <Icon name="share" size={18} className="install-hint__icon" />
        {MSG.installIosHint}
      </p>
    );
  }
  return null;
}
