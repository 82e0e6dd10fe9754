// Whether a finger or a mouse button is down on the page, from boot.ts's first task on. React's
// first commit replaces a screen drawn without React (the early age gate, the early legal pages):
// landing between a press and its release, it removed the element pressed and the click was lost
// (a 'Back to Game' that did nothing). The first render waits for the release instead.

const pressed = new Set<number>();
let releaseWaiters: Array<() => void> = [];

if (typeof document !== "undefined") {
  const opts = { capture: true, passive: true } as const;
  document.addEventListener("pointerdown", (e) => pressed.add(e.pointerId), opts);
  const release = (e: PointerEvent) => {
    pressed.delete(e.pointerId);
    if (pressed.size) return;
    // After the click that follows the release (dispatched in the same task as pointerup).
    const waiters = releaseWaiters;
    releaseWaiters = [];
    setTimeout(() => waiters.forEach((resolve) => resolve()), 0);
  };
  document.addEventListener("pointerup", release, opts);
  document.addEventListener("pointercancel", release, opts);
}

/** Resolves at once when nothing is pressed, else just after the last press is released. */
export function untilPointerReleased(): Promise<void> {
  if (!pressed.size) return Promise.resolve();
  return new Promise((resolve) => releaseWaiters.push(resolve));
}
