import { useEffect } from "react";

// The installed app's icon badge (Badging API) shows the claimable rewards, the same count as the
// header's Rewards badge. Where the API is missing (Firefox, Safari tabs, ...) nothing happens.

type BadgingNavigator = Navigator & {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
};

/** The number the icon shows: a whole count of at least 1, or null for no badge at all. */
export function appBadgeCount(claimable: number): number | null {
  const count = Number.isFinite(claimable) ? Math.floor(claimable) : 0;
  return count > 0 ? count : null;
}

function badging(): BadgingNavigator | null {
  return typeof navigator !== "undefined" && typeof (navigator as BadgingNavigator).setAppBadge === "function" ? (navigator as BadgingNavigator) : null;
}

/** Sets (or, at 0, clears) the app badge. A refusal (not installed, no permission) is not an error for the player. */
export function showAppBadge(claimable: number): void {
  const nav = badging();
  if (!nav) return;
  const count = appBadgeCount(claimable);
  const done = count === null ? (nav.clearAppBadge ? nav.clearAppBadge() : nav.setAppBadge!(0)) : nav.setAppBadge!(count);
  void Promise.resolve(done).catch(() => undefined);
}

export function clearAppBadge(): void {
  showAppBadge(0);
}

/** Whether this browser can put a number on the installed app's icon. */
export function canShowAppBadge(): boolean {
  return badging() !== null;
}

/** Keeps the app badge equal to `claimable` while mounted; cleared when the signed-in shell goes (sign-out). */
export function useAppBadge(claimable: number): void {
  useEffect(() => showAppBadge(claimable), [claimable]);
  useEffect(() => clearAppBadge, []);
}
