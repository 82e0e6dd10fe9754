import type { RevealHandle } from "./types.ts";

// Whether a reveal is on screen, for background work (the art and sound warm-up) that must not
// take the network or the main thread from it.

let running = 0;

/** True while a reveal handle is alive. */
export function isRevealRunning(): boolean {
  return running > 0;
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
