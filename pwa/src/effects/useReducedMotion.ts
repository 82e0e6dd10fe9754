import { mediaMatches, useMediaQuery } from "../lib/useMediaQuery";

const QUERY = "(prefers-reduced-motion: reduce)";

/** The player's OS-level "reduce motion" setting, now. */
export function prefersReducedMotion(): boolean {
  return mediaMatches(QUERY);
}

/** The player's OS-level "reduce motion" setting, live. */
export function useReducedMotion(): boolean {
  return useMediaQuery(QUERY);
}
