import { preloadModules } from "./loadInStages";
import { startEarlyText } from "./earlyText";

/** What vite.config.ts (preloadStagedChunks) wrote into index.html for boot.ts. */
interface PreloadPlan {
  /** The chunks boot.ts evaluates one per task, and what they import. */
  staged: string[];
  /** The signed-in game's own chunks, beyond the staged ones (loadSignedInApp). */
  signedIn?: string[];
  /** Per game view (route path): its own chunks beyond the staged ones (router.ts). */
  routes?: Record<string, string[] | undefined>;
  /** Per signed-out page path: its own chunks and CSS, and the text it shows. */
  pages: Record<string, { files: string[]; text: string } | undefined>;
}

export function readPreloadPlan(): PreloadPlan {
  const content = document.querySelector<HTMLMetaElement>('meta[name="foilbound-preload"]')?.content;
  try {
    if (content) return JSON.parse(content) as PreloadPlan;
  } catch {
    // A broken plan only costs the early start; the app loads its code itself.
  }
  return { staged: [], pages: {} };
}

/** On a legal page: its chunks, its stylesheet and its text start now, not after the app's code; returns the text's path. */
export function startPageEarly(plan: PreloadPlan, path: string): { text: string } | null {
  const page = plan.pages[path];
  if (!page) return null;
  const css = page.files.filter((file) => file.endsWith(".css"));
  void preloadModules(page.files.filter((file) => !file.endsWith(".css")));
  for (const href of css) {
    const link = document.createElement("link");
    link.rel = "preload";
    link.as = "style";
    link.crossOrigin = "";
    link.href = href;
    document.head.appendChild(link);
  }
  startEarlyText(page.text);
  return { text: page.text };
}
