// Work that must not hold back the next frame: it runs in a task posted from that frame's
// requestAnimationFrame callbacks, i.e. once the browser has drawn it. Used where a tap opens
// something and the player should see it before the bookkeeping (focus, inert, canvases).

/** Runs `task` just after the next frame is drawn. Returns a cancel. */
export function afterNextFrame(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** As afterNextFrame, but at the latest after `maxWaitMs`: a hidden tab draws no frames. */
export function afterNextFrameOr(maxWaitMs: number, task: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    cancelFrame();
    clearTimeout(fallback);
    task();
  };
  const cancelFrame = afterNextFrame(run);
  const fallback = setTimeout(run, maxWaitMs);
}
