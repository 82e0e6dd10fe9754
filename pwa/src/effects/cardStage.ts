// The effects' public API, plain TS (excalidraw-style: drawing lives outside React):
//   startPackReveal(container, count, options)  the pack reveal, on screen in this very call
//   playReveal(container, cards, options)       a reveal whose cards are already known (battle)
//   inspectCard(container, card, options)       one card, large, foil following the pointer
//   warmUpCardStage(settings)                   fetch PixiJS, start the stage, compile the shaders
//                                               in idle time (the packs screen calls it); for
//                                               the DOM reveal, draw its card back
// They draw on the page's one long-lived PixiJS stage (pixi/stage.ts), which is loaded with a
// dynamic import, so pixi.js is never part of the first page load. Without WebGL2 (or with WebGL2
// drawn in software), when the stage fails to start, or (for the pack reveal) while it is not up
// yet, the same scenes run on the DOM (domReveal.ts), their card pictures painted off the main
// thread: a tap never waits for PixiJS.

import { domInspect, domReveal, warmUpDomReveal } from "./domReveal.ts";
import { quietIdle } from "../lib/quietIdle.ts";
import { markRevealTurning, trackReveal } from "./revealActivity.ts";
import type { RevealCard } from "./revealCard.ts";
import type { EffectSettings } from "./tierEffects.ts";
import type { InspectHandle, InspectOptions, RevealHandle, RevealOptions } from "./types.ts";
import { hasFastWebGL2 } from "./webglSupport.ts";

export type { RevealCard } from "./revealCard.ts";
export { toRevealCard, sortForReveal } from "./revealCard.ts";
export type { InspectHandle, InspectOptions, RevealHandle, RevealOptions } from "./types.ts";

type PixiEntry = typeof import("./pixi/entry.ts");
type Stage = Awaited<ReturnType<PixiEntry["warmStage"]>>;
let entry: Promise<PixiEntry> | undefined;
/** Set once the stage is up: a reveal can then start on it synchronously. */
let ready: { m: PixiEntry; stage: Stage } | null = null;
/** Shader sets already compiled (by settings). */
const warmed = new Set<string>();
/** Set when the stage failed once: later scenes go straight to the DOM. */
let pixiBroken = false;

function loadPixi(): Promise<PixiEntry> {
  entry ??= import("./pixi/entry.ts").catch((error: unknown) => {
    entry = undefined;
    throw error;
  });
  return entry;
}

async function loadStage(): Promise<{ m: PixiEntry; stage: Stage }> {
  const m = await loadPixi();
  ready ??= { m, stage: await m.warmStage() };
  return ready;
}

function giveUpOnPixi(error: unknown): void {
  pixiBroken = true;
  console.warn("Card effects fall back to plain images:", error);
}

/**
 * Whether scenes will use PixiJS here: WebGL2 drawn by a GPU (software WebGL costs seconds a
 * frame, see webglSupport.ts) and the stage has not failed.
 */
export function usesPixi(): boolean {
  return !pixiBroken && hasFastWebGL2();
}

/** Starts loading PixiJS and creating the stage now; safe to call often. */
export function preloadCardStage(): void {
  if (!usesPixi()) return;
  loadStage().catch(giveUpOnPixi);
}

/**
 * Warms the effects up in idle moments while the player looks at a screen that will need them:
 * fetch PixiJS, start the stage, then draw one off-screen frame that compiles every shader for
 * these settings. Each step waits for an idle moment without scrolling. Returns a cancel.
 */
export function warmUpCardStage(settings: EffectSettings): () => void {
  const key = `${settings.lowEffects}/${settings.reducedMotion}`;
  if (ready && warmed.has(key)) return () => {};
  const controller = new AbortController();
  const { signal } = controller;
  if (!usesPixi()) {
    // The DOM reveal: its card back picture, its badge fonts and a rehearsal of the deal.
    quietIdle(signal).then(() => warmUpDomReveal(settings.lowEffects, settings.reducedMotion), () => {});
    return () => controller.abort();
  }
  void (async () => {
    await quietIdle(signal);
    if (!ready) {
      await loadPixi();
      await quietIdle(signal);
    }
    const { m, stage } = await loadStage();
    await quietIdle(signal);
    if (warmed.has(key)) return;
    m.warmShaders(stage, settings);
    warmed.add(key);
    // Readable state for tests and debugging: the next reveal will run on PixiJS.
    document.documentElement.dataset.effectsStage = "pixi-ready";
  })().catch((error: unknown) => {
    if (!signal.aborted) giveUpOnPixi(error);
  });
  return () => controller.abort();
}

/**
 * Starts a pack reveal of `count` cards inside `container` (which should have a size): the backs
 * are dealt on the next frame, and handle.deliver(cards) turns them when the server answers. On
 * the PixiJS stage when it is already up, else on the DOM for this whole reveal (the stage is
 * started meanwhile for the next one). Calls options.onCardRevealed for each card as it turns
 * and options.onDone when the last has settled or the player skipped.
 */
export function startPackReveal(container: HTMLElement, count: number, options: RevealOptions): RevealHandle {
  const settled = markRevealTurning();
  const handle = trackReveal(
    startAnyReveal(container, count, {
      ...options,
      onDone: () => {
        settled();
        options.onDone();
      },
    }),
  );
  const destroy = handle.destroy.bind(handle);
  handle.destroy = () => {
    settled();
    destroy();
  };
  return handle;
}

function startAnyReveal(container: HTMLElement, count: number, options: RevealOptions): RevealHandle {
  if (usesPixi()) {
    if (ready) {
      try {
        return ready.m.pixiReveal(ready.stage, container, count, options);
      } catch (error) {
        giveUpOnPixi(error);
      }
    } else preloadCardStage();
  }
  return domReveal(container, count, options);
}

/**
 * A reveal whose cards are known from the start, waiting for the stage if it is not up yet (the
 * battle's rounds). It keeps SPEC.md's classic timer unless options.pace says otherwise: the
 * battle's rounds are paced around it.
 */
export async function playReveal(container: HTMLElement, cards: readonly RevealCard[], revealOptions: RevealOptions): Promise<RevealHandle> {
  const options: RevealOptions = { pace: "classic", ...revealOptions };
  let handle: RevealHandle;
  if (!usesPixi()) handle = domReveal(container, cards.length, options);
  else {
    try {
      const { m, stage } = await loadStage();
      handle = m.pixiReveal(stage, container, cards.length, options);
    } catch (error) {
      giveUpOnPixi(error);
      handle = domReveal(container, cards.length, options);
    }
  }
  handle.deliver(cards);
  return trackReveal(handle);
}

/** Shows one card large inside `container` until the handle is destroyed. */
export async function inspectCard(container: HTMLElement, card: RevealCard, options: InspectOptions): Promise<InspectHandle> {
  if (!usesPixi()) return domInspect(container, card, options);
  try {
    return await (await loadPixi()).pixiInspect(container, card, options);
  } catch (error) {
    giveUpOnPixi(error);
    return domInspect(container, card, options);
  }
}
