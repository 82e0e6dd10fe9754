/**
 * Runs each import in its own task, in order: a task boundary between them lets the browser
 * paint and handle input, so no single task evaluates the whole module graph. The chunks are
 * already downloading (preloadModules), so only their evaluation is spread out.
 */
export async function loadInStages(stages: Array<() => Promise<unknown>>): Promise<void> {
  for (const stage of stages) {
    await nextTask();
    await stage();
  }
}

/** A new task (not a microtask), without setTimeout's clamping after nested timers. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/** Starts downloading (and compiling) modules without evaluating them: all at once, in parallel. */
export function preloadModules(urls: readonly string[]): void {
  for (const href of urls) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = href;
    document.head.appendChild(link);
  }
}
