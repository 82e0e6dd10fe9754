import { useSyncExternalStore } from "react";

// Issue 47, notifications while the game is in the background (an installed app or a hidden
// tab): only after the player turned them on in Account Settings, where the permission is asked.

const KEY = "foilbound.notifications";
const watchers = new Set<() => void>();

export type NoticeSetting = "on" | "off" | "blocked" | "unsupported";

function supported(): boolean {
  return typeof window !== "undefined" && "Notification" in window && "serviceWorker" in navigator;
}

export function noticeSetting(): NoticeSetting {
  if (!supported()) return "unsupported";
  if (Notification.permission === "denied") return "blocked";
  return localStorage.getItem(KEY) === "on" && Notification.permission === "granted" ? "on" : "off";
}

export function useNoticeSetting(): NoticeSetting {
  return useSyncExternalStore(
    (listener) => {
      watchers.add(listener);
      return () => watchers.delete(listener);
    },
    noticeSetting,
    () => "unsupported" as const,
  );
}

/** Turns them on (asking for the permission, from the player's tap) or off. */
export async function setNotices(on: boolean): Promise<NoticeSetting> {
  if (!supported()) return "unsupported";
  if (on && Notification.permission !== "granted") await Notification.requestPermission();
  localStorage.setItem(KEY, on ? "on" : "off");
  for (const w of watchers) w();
  return noticeSetting();
}

/** Shows a system notification through the service worker when the game is not on screen. */
export function noticeInBackground(title: string, body: string, tag: string): void {
  if (noticeSetting() !== "on" || document.visibilityState === "visible") return;
  void navigator.serviceWorker.ready
    .then((registration) => registration.showNotification(title, { body, tag, icon: "/icons/icon-192.png", badge: "/icons/icon-192.png", data: { url: tag.startsWith("trade") ? "/trading" : tag.startsWith("reward") ? "/rewards" : "/" } }))
    .catch(() => undefined);
}
