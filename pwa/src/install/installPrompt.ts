// The browser's offer to install the game, kept from the moment the page starts. Chromium fires
// `beforeinstallprompt` once, often before React has mounted, so boot.ts starts listening at once;
// the event is kept (its mini-infobar suppressed) until the player presses an Install button.
// No React here: this module is part of the first load and must stay tiny.

/** Chromium's event (not in TypeScript's DOM library). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed"; platform?: string }>;
}

export interface InstallSnapshot {
  /** A kept prompt, not used yet. */
  promptReady: boolean;
  /** The game was installed from this page (`appinstalled`, or the player accepted the prompt). */
  installed: boolean;
}

let deferred: BeforeInstallPromptEvent | null = null;
let snapshot: InstallSnapshot = { promptReady: false, installed: false };
const listeners = new Set<() => void>();
let listening = false;

function commit(next: InstallSnapshot) {
  snapshot = next;
  for (const listener of listeners) listener();
}

/** Starts keeping the install prompt; called once from boot.ts, before anything else runs. */
export function listenForInstallPrompt(): void {
  if (listening || typeof window === "undefined") return;
  listening = true;
  window.addEventListener("beforeinstallprompt", (event) => {
    // Our own button asks instead of the browser's mini-infobar, at a moment the player chose.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    commit({ promptReady: true, installed: false });
  });
  window.addEventListener("appinstalled", () => {
    deferred = null;
    commit({ promptReady: false, installed: true });
  });
}

export function getInstallSnapshot(): InstallSnapshot {
  return snapshot;
}

export function subscribeInstall(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Shows the browser's install dialog. A prompt works once: afterwards it is gone whatever the
 * answer (the browser may offer a new one later, which the listener keeps again).
 */
export async function promptInstall(): Promise<"accepted" | "dismissed" | "unavailable"> {
  const event = deferred;
  if (!event) return "unavailable";
  deferred = null;
  commit({ ...snapshot, promptReady: false });
  try {
    await event.prompt();
    const choice = await event.userChoice;
    if (choice.outcome === "accepted") commit({ promptReady: false, installed: true });
    return choice.outcome;
  } catch {
    return "unavailable";
  }
}
