import { useCallback, useSyncExternalStore } from "react";

// One MediaQueryList per query for the page's life: matchMedia() parses the query and builds a
// new list on every call, and a React store reads its value on every render (a trace of a pack's
// tap at 4x CPU: ~8 ms of the tap's task in matchMedia).
const lists = new Map<string, MediaQueryList>();

function mediaQueryList(query: string): MediaQueryList | null {
  if (typeof matchMedia === "undefined") return null;
  let list = lists.get(query);
  if (!list) lists.set(query, (list = matchMedia(query)));
  return list;
}

/** Whether a CSS media query matches now (false where matchMedia is missing). */
export function mediaMatches(query: string): boolean {
  return mediaQueryList(query)?.matches ?? false;
}

/** Whether a CSS media query matches, kept current (false where matchMedia is missing). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = mediaQueryList(query);
      if (!list) return () => undefined;
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => mediaMatches(query), () => false);
}

/** Phones: where points shorten to K and M (SPEC.md section 2). */
export const SMALL_SCREEN_QUERY = "(max-width: 560px)";
