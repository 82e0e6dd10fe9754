import type { UserDto } from "@contract/user";

// When the game offers to be installed, as pure functions (issue 12, item 4), tested on their own.

/** What the device can do about installing the game right now. */
export type InstallMode =
  /** The browser offered installation (a kept `beforeinstallprompt`): a real Install button. */
  | "prompt"
  /** iPhone or iPad Safari: no prompt exists, so a hint to use Share, then Add to Home Screen. */
  | "ios-hint"
  /** Installed, running installed, or a browser that offers nothing: no install UI at all. */
  | "none";

export interface InstallFacts {
  /** A `beforeinstallprompt` event is kept and not used yet. */
  promptReady: boolean;
  /** `appinstalled` fired on this device, or the player accepted the prompt. */
  installed: boolean;
  /** The page runs as the installed app (display-mode standalone, or iOS navigator.standalone). */
  standalone: boolean;
  iosSafari: boolean;
}

export function installMode(facts: InstallFacts): InstallMode {
  if (facts.installed || facts.standalone) return "none";
  if (facts.promptReady) return "prompt";
  return facts.iosSafari ? "ios-hint" : "none";
}

export interface DeviceHints {
  userAgent: string;
  /** navigator.maxTouchPoints: iPadOS Safari reports itself as a Mac, with touch. */
  maxTouchPoints: number;
}

/**
 * Safari on an iPhone or iPad, the one browser there that can add the game to the home screen.
 * Chrome (CriOS), Firefox (FxiOS), Edge (EdgiOS) and in-app browsers on iOS cannot (before iOS
 * 16.4 at all, and the hint names Safari's own Share menu), so they get nothing.
 */
export function isIosSafari({ userAgent, maxTouchPoints }: DeviceHints): boolean {
  const iPhoneOrIPad = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  if (!iPhoneOrIPad) return false;
  if (!/Safari\//.test(userAgent) || !/Version\//.test(userAgent)) return false;
  return !/CriOS|FxiOS|EdgiOS|OPiOS|GSA\/|FBAN|FBAV|Instagram|Line\//.test(userAgent);
}

/** Packs the player has opened, on any device (the server's per-set counters). */
export function packsOpened(user: Pick<UserDto, `set${1 | 2 | 3 | 4 | 5 | 6 | 7}PacksOpened`>): number {
  return (
    user.set1PacksOpened + user.set2PacksOpened + user.set3PacksOpened + user.set4PacksOpened + user.set5PacksOpened + user.set6PacksOpened + user.set7PacksOpened
  );
}

/** The one-time offer on the packs screen waits for the player's third pack. */
export const PACKS_BEFORE_OFFER = 3;

/**
 * The packs screen's one-time offer: from the third pack on, where installing is possible, until
 * the player dismisses it on this device (then never again). The account menu offers it always.
 */
export function showPackOffer(opts: { mode: InstallMode; packsOpened: number; dismissed: boolean }): boolean {
  return opts.mode !== "none" && !opts.dismissed && opts.packsOpened >= PACKS_BEFORE_OFFER;
}
