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

/** Links started per task: each one is a request the main thread makes (~1-3 ms at 4x CPU). */
const PRELOADS_PER_TASK = 3;

/**
 * Starts downloading (and compiling) modules without evaluating them, a few per task in order:
 * the thirteen of a first visit in one task were 60-170 ms at 4x CPU, the longest task of a
 * signed-in start. A module some import() has asked for meanwhile is not asked for again.
 * Resolves once every link is in the page.
 */
export function preloadModules(urls: readonly string[]): Promise<void> {
  return (async () => {
    for (let i = 0; i < urls.length; i += PRELOADS_PER_TASK) {
      if (i > 0) await nextTask();
      for (const href of urls.slice(i, i + PRELOADS_PER_TASK)) {
        if (document.head.querySelector(`link[href="${CSS.escape(href)}"]`)) continue;
        const link = document.createElement("link");
        link.rel = "modulepreload";
        link.crossOrigin = "";
        link.href = href;
        document.head.appendChild(link);
      }
    }
  })();
}
