// The browser's idle moments, in one place: requestIdleCallback with a deadline, and a plain timer
// where it is missing (Safari), so a busy page still gets its deferred work done.

/** Without requestIdleCallback, deferred work runs after this long. */
const FALLBACK_DELAY_MS = 200;

/** Runs `task` in the next idle moment, at the latest after `timeoutMs`. Returns a cancel. */
export function onIdle(task: () => void, timeoutMs: number): () => void {
  if (typeof window !== "undefined" && typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(() => task(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, Math.min(FALLBACK_DELAY_MS, timeoutMs));
  return () => clearTimeout(handle);
}

/** Resolves in the next idle moment, at the latest after `timeoutMs`. */
export function nextIdle(timeoutMs: number): Promise<void> {
  return new Promise((resolve) => void onIdle(resolve, timeoutMs));
}
