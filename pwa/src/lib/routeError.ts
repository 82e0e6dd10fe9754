import { MSG } from "@contract/messages";

/**
 * A chunk of the game's code that could not be fetched (offline before the service worker stored
 * the game), in the words of Chromium, Firefox and Safari, and of Vite's style preloading.
 */
const CHUNK_FAILED = /dynamically imported module|module script failed|Unable to preload CSS/i;

/** A screen's code could not be fetched: the browser keeps the failed import until a page load. */
export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_FAILED.test(error.message);
}

/** The detail line of the route error page for a thrown value: its message, never a stack. */
export function describeRouteError(error: unknown): string {
  if (isChunkLoadError(error)) return MSG.partNotLoaded;
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === "string" && error) return error;
  return "Something went wrong while opening this page.";
}
