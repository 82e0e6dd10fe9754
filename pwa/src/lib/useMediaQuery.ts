import { useCallback, useSyncExternalStore } from "react";

/** Whether a CSS media query matches, kept current (false where matchMedia is missing). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof matchMedia === "undefined") return () => undefined;
      const list = matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => typeof matchMedia !== "undefined" && matchMedia(query).matches,
    () => false,
  );
}

/** Phones: where points shorten to K and M (SPEC.md section 2). */
export const SMALL_SCREEN_QUERY = "(max-width: 560px)";
