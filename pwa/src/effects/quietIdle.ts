// "When the page has nothing better to do": an idle callback (with a timeout, and a plain timer
// where requestIdleCallback is missing, as in Safari) that also waits for the player to stop
// scrolling, so warm-up work never steals frames from a scroll on a phone.

/** How long after the last scroll, wheel or touch move the page counts as quiet. */
const QUIET_MS = 300;
/** An idle callback comes at the latest after this long (a busy page still gets warmed up). */
const IDLE_TIMEOUT_MS = 2000;
/** Without requestIdleCallback: wait this long, then check again. */
const FALLBACK_DELAY_MS = 250;

let lastMoveAt = -Infinity;
let listening = false;

function listenForScrolls(): void {
  if (listening) return;
  listening = true;
  const note = () => (lastMoveAt = performance.now());
  const opts = { passive: true, capture: true } as const;
  for (const type of ["scroll", "wheel", "touchmove"] as const) window.addEventListener(type, note, opts);
}

type IdleRequest = (cb: () => void) => () => void;

const requestIdle: IdleRequest =
  typeof window !== "undefined" && typeof window.requestIdleCallback === "function"
    ? (cb) => {
        const handle = window.requestIdleCallback(cb, { timeout: IDLE_TIMEOUT_MS });
        return () => window.cancelIdleCallback(handle);
      }
    : (cb) => {
        const handle = setTimeout(cb, FALLBACK_DELAY_MS);
        return () => clearTimeout(handle);
      };

/** Resolves in the next idle moment after QUIET_MS without scrolling; rejects when `signal` aborts. */
export function quietIdle(signal: AbortSignal): Promise<void> {
  listenForScrolls();
  return new Promise((resolve, reject) => {
    let cancel = () => {};
    const onAbort = () => {
      cancel();
      reject(signal.reason ?? new DOMException("Aborted", "AbortError"));
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    const attempt = () => {
      cancel = requestIdle(() => {
        const sinceMove = performance.now() - lastMoveAt;
        if (sinceMove < QUIET_MS) {
          // Still scrolling: look again once it has been quiet for a while.
          const timer = setTimeout(attempt, QUIET_MS - sinceMove);
          cancel = () => clearTimeout(timer);
          return;
        }
        signal.removeEventListener("abort", onAbort);
        resolve();
      });
    };
    attempt();
  });
}
