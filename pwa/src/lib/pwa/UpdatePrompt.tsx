import { useRegisterSW } from "virtual:pwa-register/react";
import { MSG } from "@contract/messages";
import { Icon } from "../ui/Icon";
import "../ui/Button.css";
import "./UpdatePrompt.css";

/** Look for a new version once an hour while the game stays open. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (vite-plugin-pwa, registerType 'prompt'). When a new version is
 * waiting, the player chooses when to reload instead of losing a pack reveal mid-way.
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      window.setInterval(() => {
        if (navigator.onLine) void registration.update();
      }, UPDATE_CHECK_MS);
    },
    onRegisterError(error: unknown) {
      console.warn("Service worker registration failed", error);
    },
  });

  if (!needRefresh) return null;
  return (
    <div className="update-prompt" role="alertdialog" aria-labelledby="update-prompt-text">
      <Icon name="sparkles" size={20} className="update-prompt__icon" />
      <p id="update-prompt-text" className="update-prompt__text">
        {MSG.updateAvailable}
      </p>
      <button type="button" className="btn btn--gold btn--sm" onClick={() => void updateServiceWorker(true)}>
        <span className="btn__label">Reload</span>
      </button>
      <button type="button" className="update-prompt__later" onClick={() => setNeedRefresh(false)} aria-label="Later">
        <Icon name="close" size={16} />
      </button>
    </div>
  );
}
