// The one module the rest of the game reaches PixiJS through, always by dynamic import (see
// ../cardStage.ts) so pixi.js stays out of the first page load.
// The server's CSP has no 'unsafe-eval'; PixiJS v8 then needs its eval-free shader and uniform
// code paths, which this import installs.
import "pixi.js/unsafe-eval";
import type { RevealCard } from "../revealCard.ts";
import type { InspectHandle, InspectOptions, RevealHandle, RevealOptions } from "../types.ts";
import { startInspect } from "./inspectScene.ts";
import { startReveal } from "./revealScene.ts";
import { getStage } from "./stage.ts";

/** Creates the shared stage ahead of time (first reveal starts without the GL start-up cost). */
export async function warmStage(): Promise<void> {
  await getStage();
}

export async function pixiReveal(container: HTMLElement, cards: readonly RevealCard[], options: RevealOptions): Promise<RevealHandle> {
  return startReveal(await getStage(), container, cards, options);
}

export async function pixiInspect(container: HTMLElement, card: RevealCard, options: InspectOptions): Promise<InspectHandle> {
  return startInspect(await getStage(), container, card, options);
}
