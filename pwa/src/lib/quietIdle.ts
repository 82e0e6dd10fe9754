import { onIdle } from "./idle";

// "When the page has nothing better to do": an idle moment (idle.ts) that also waits for the player to stop
// scrolling, so warm-up work never steals frames from a scroll on a phone.

/** How long after the last scroll, wheel or touch move the page counts as quiet. */
const QUIET_MS = 300;
/** An idle callback comes at the latest after this long (a busy page still gets warmed up). */
const IDLE_TIMEOUT_MS = 2000;

let lastMoveAt = -Infinity;
/** For work nobody cancels. */
const NEVER = new AbortController().signal;
let listening = false;

function listenForScrolls(): void {
  if (listening) return;
  listening = true;
  const note = () => (lastMoveAt = performance.now());
  const opts = { passive: true, capture: true } as const;
  for (const type of ["scroll", "wheel", "touchmove"] as const) window.addEventListener(type, note, opts);
}

/** Resolves in the next idle moment after QUIET_MS without scrolling; rejects when `signal` aborts. */
export function quietIdle(signal: AbortSignal = NEVER): Promise<void> {
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
      cancel = onIdle(() => {
        const sinceMove = performance.now() - lastMoveAt;
        if (sinceMove < QUIET_MS) {
          // Still scrolling: look again once it has been quiet for a while.
          const timer = setTimeout(attempt, QUIET_MS - sinceMove);
          cancel = () => clearTimeout(timer);
          return;
        }
        signal.removeEventListener("abort", onAbort);
        resolve();
      }, IDLE_TIMEOUT_MS);
    };
    attempt();
  });
}
