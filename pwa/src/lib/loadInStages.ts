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

/**
 * Imports a module without stack traces for the Errors its evaluation creates. React DOM makes
 * five at module level (sentinels for Suspense and hydration, never thrown to anyone). Under a
 * DevTools connection with Runtime enabled (Playwright, a developer with DevTools open; not
 * Lighthouse's) each new Error captures a detailed stack, for which V8 re-parses the whole chunk
 * to find source positions: React DOM's evaluation was ~5x its cost (~145 ms of a ~165 ms task at
 * 4x CPU). Without DevTools it changes nothing.
 * Errors created elsewhere before the import settles have no stack either; the import is short.
 */
export async function importWithoutErrorStacks<T>(load: () => Promise<T>): Promise<T> {
  const limit = Error.stackTraceLimit;
  // Not a number: V8 captures no stack at all (0 would still let DevTools ask for its own).
  Error.stackTraceLimit = undefined as unknown as number;
  try {
    return await load();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/** A new task (not a microtask), without setTimeout's clamping after nested timers. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close(); // an open port keeps Node's event loop alive (tests)
      resolve();
    };
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
