import { useSyncExternalStore } from "react";
import { useMediaQuery } from "../lib/useMediaQuery";
import { getInstallSnapshot, promptInstall, subscribeInstall } from "./installPrompt";
import { installMode, isIosSafari, type InstallMode } from "./installRules";

/** Any display mode of an installed web app (the manifest asks for standalone). */
const INSTALLED_DISPLAY_QUERY = "(display-mode: standalone), (display-mode: fullscreen), (display-mode: minimal-ui)";

/** iOS Safari's own flag for a page opened from the home screen. */
function iosStandalone(): boolean {
  return (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

const iosSafari = typeof navigator !== "undefined" && isIosSafari({ userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints ?? 0 });

export interface InstallState {
  mode: InstallMode;
  /** Opens the browser's install dialog (mode "prompt" only). */
  install: () => Promise<"accepted" | "dismissed" | "unavailable">;
}

/** What the game can offer about installing itself on this device, kept current. */
export function useInstall(): InstallState {
  const snapshot = useSyncExternalStore(subscribeInstall, getInstallSnapshot, getInstallSnapshot);
  const standalone = useMediaQuery(INSTALLED_DISPLAY_QUERY) || iosStandalone();
  return { mode: installMode({ ...snapshot, standalone, iosSafari }), install: promptInstall };
}
