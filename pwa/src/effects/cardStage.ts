// The effects' public API, plain TS (excalidraw-style: drawing lives outside React):
//   playReveal(container, cards, options)  the pack reveal, resolved once it is on screen
//   inspectCard(container, card, options)   one card, large, foil following the pointer
//   preloadCardStage()                      fetch PixiJS and start the stage ahead of time
// Both draw on the page's one long-lived PixiJS stage (pixi/stage.ts), which is loaded with a
// dynamic import the first time it is needed, so pixi.js is never part of the first page load.
// Without WebGL2 (or when the stage fails to start) the same scenes run on DOM and 2D canvases.

import { domInspect, domReveal } from "./domReveal.ts";
import type { RevealCard } from "./revealCard.ts";
import type { InspectHandle, InspectOptions, RevealHandle, RevealOptions } from "./types.ts";
import { hasWebGL2 } from "./webglSupport.ts";

export type { RevealCard } from "./revealCard.ts";
export { toRevealCard, sortForReveal } from "./revealCard.ts";
export type { InspectHandle, InspectOptions, RevealHandle, RevealOptions } from "./types.ts";

type PixiEntry = typeof import("./pixi/entry.ts");
let entry: Promise<PixiEntry> | undefined;
/** Set when the stage failed once: later scenes go straight to the DOM. */
let pixiBroken = false;

function loadPixi(): Promise<PixiEntry> {
  entry ??= import("./pixi/entry.ts").catch((error: unknown) => {
    entry = undefined;
    throw error;
  });
  return entry;
}

/** Whether scenes will use PixiJS here (WebGL2 available and the stage has not failed). */
export function usesPixi(): boolean {
  return !pixiBroken && hasWebGL2();
}

/** Starts loading PixiJS and creating the stage; safe to call often (e.g. when the packs page shows). */
export function preloadCardStage(): void {
  if (!usesPixi()) return;
  void loadPixi()
    .then((m) => m.warmStage())
    .catch((error: unknown) => {
      pixiBroken = true;
      console.warn("Card effects fall back to plain images:", error);
    });
}

async function withFallback<T>(pixi: (m: PixiEntry) => Promise<T>, dom: () => T): Promise<T> {
  if (!usesPixi()) return dom();
  try {
    return await pixi(await loadPixi());
  } catch (error) {
    pixiBroken = true;
    console.warn("Card effects fall back to plain images:", error);
    return dom();
  }
}

/**
 * Reveals `cards` (already in reveal order: see sortForReveal) inside `container`, which should
 * have a size (the scene fills it and follows its resizes). Calls options.onCardRevealed for each
 * card as it turns and options.onDone when the last has settled or the player skipped.
 */
export function playReveal(container: HTMLElement, cards: readonly RevealCard[], options: RevealOptions): Promise<RevealHandle> {
  return withFallback(
    (m) => m.pixiReveal(container, cards, options),
    () => domReveal(container, cards, options),
  );
}

/** Shows one card large inside `container` until the handle is destroyed. */
export function inspectCard(container: HTMLElement, card: RevealCard, options: InspectOptions): Promise<InspectHandle> {
  return withFallback(
    (m) => m.pixiInspect(container, card, options),
    () => domInspect(container, card, options),
  );
}
