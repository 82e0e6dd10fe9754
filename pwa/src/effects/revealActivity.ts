import type { RevealHandle } from "./types.ts";

// Whether a reveal is on screen, for background work (the art and sound warm-up) that must not
// take the network or the main thread from it; and whether a pack's cards are still turning, for
// the updates behind the reveal (balance, collection, refetches), which wait for the last card.

let running = 0;

/** True while a reveal handle is alive, or a pack waits to be torn (its cards still to turn). */
export function isRevealRunning(): boolean {
  return running > 0 || turning > 0;
}

/** Counts `handle` as running until it is destroyed (once, however often destroy is called). */
export function trackReveal(handle: RevealHandle): RevealHandle {
  running += 1;
  let ended = false;
  const destroy = handle.destroy.bind(handle);
  handle.destroy = () => {
    if (!ended) {
      ended = true;
      running -= 1;
    }
    destroy();
  };
  return handle;
}

let turning = 0;
let whenSettled: Array<() => void> = [];

/**
 * Counts a reveal as turning its cards until the returned function is called (its end, Skip, or
 * its teardown; once, however often it is called).
 */
export function markRevealTurning(): () => void {
  turning += 1;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    turning -= 1;
    if (turning > 0) return;
    const waiting = whenSettled;
    whenSettled = [];
    for (const run of waiting) run();
  };
}

/** Runs `task` once no reveal is turning its cards (now, if none is), or after `maxWaitMs` at the latest. */
export function afterRevealsSettle(task: () => void, maxWaitMs: number): void {
  if (turning === 0) return task();
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(fallback);
    task();
  };
  const fallback = setTimeout(run, maxWaitMs);
  whenSettled.push(run);
}
