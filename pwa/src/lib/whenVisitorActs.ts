// The app's code on a first screen drawn without React (the early age gate, the early legal
// pages): evaluated when the visitor acts (a touch, a key, the mouse, a scroll) or after a few
// quiet seconds, so a phone's main thread stays free while the first screen is read.

/** With no sign of the visitor, the task runs after this long anyway. */
export const QUIET_START_MS = 3000;
const PRESENCE_EVENTS = ["pointerdown", "pointermove", "touchstart", "keydown", "focusin", "wheel", "scroll"] as const;

/** Runs `task` once, at the visitor's first sign or after `quietMs`. Returns "run it now". */
export function whenVisitorActs(task: () => void, quietMs = QUIET_START_MS): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    for (const type of PRESENCE_EVENTS) document.removeEventListener(type, run, { capture: true });
    task();
  };
  for (const type of PRESENCE_EVENTS) document.addEventListener(type, run, { capture: true, passive: true });
  const timer = setTimeout(run, quietMs);
  return run;
}
