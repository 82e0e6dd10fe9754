import { MSG } from "@contract/messages";
import { Button } from "../../lib/ui/Button";
import { Icon } from "../../lib/ui/Icon";
import type { InstallState } from "../useInstall";
import "./install.css";

/**
 * Install UI removes itself once used (the prompt is spent, the offer dismissed); the focused
 * button goes with it. Call this at the click: the returned function, called after the change,
 * moves focus to what surrounds the button (the dialog or the page's main region) instead of the
 * page's start, so a keyboard or screen-reader player stays where they were.
 */
export function keepFocusNear(from: HTMLElement): () => void {
  const fallback = from.closest<HTMLElement>('[role="dialog"], #main');
  return () =>
    requestAnimationFrame(() => {
      if (!from.isConnected && (document.activeElement === null || document.activeElement === document.body)) fallback?.focus();
    });
}

/**
 * The one thing the player can do to install the game here: the browser's prompt behind a real
 * button, or on iOS Safari the words for Safari's own menu. `onAnswer` hears the prompt's outcome.
 */
export function InstallAction({ install, onAnswer }: { install: InstallState; onAnswer?: (outcome: "accepted" | "dismissed" | "unavailable") => void }) {
  if (install.mode === "prompt") {
    return (
      <Button
        variant="gold"
        icon={<Icon name="install" size={18} />}
        onClick={(event) => {
          const restoreFocus = keepFocusNear(event.currentTarget);
          void install.install().then((outcome) => {
            onAnswer?.(outcome);
            restoreFocus();
          });
        }}
      >
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
