// The one module the rest of the game reaches PixiJS through, always by dynamic import (see
// ../cardStage.ts) so pixi.js stays out of the first page load.
// The server's CSP has no 'unsafe-eval'; PixiJS v8 then needs its eval-free shader and uniform
// code paths, which this import installs.
import "pixi.js/unsafe-eval";
import { Container, RenderTexture } from "pixi.js";
import { FINISHES } from "../../../../api/src/game/sets.ts";
import type { RevealCard } from "../revealCard.ts";
import { tierEffect, type EffectSettings } from "../tierEffects.ts";
import type { InspectHandle, InspectOptions, RevealHandle, RevealOptions } from "../types.ts";
import { BurstLayer } from "./bursts.ts";
import { CardView } from "./cardView.ts";
import { startInspect } from "./inspectScene.ts";
import { startReveal } from "./revealScene.ts";
import { getStage, type Stage } from "./stage.ts";

export type { Stage } from "./stage.ts";

/** Creates the shared stage ahead of time (first reveal starts without the GL start-up cost). */
export function warmStage(): Promise<Stage> {
  return getStage();
}

/**
 * Draws one small off-screen frame with a face-up card of every finish, the halo, the rays and a
 * burst, so PixiJS compiles every shader program and uploads the effect textures now, in idle
 * time, instead of in the first frames after a tap.
 */
export function warmShaders(stage: Stage, settings: EffectSettings): void {
  const root = new Container();
  const views = FINISHES.map((finish, i) => {
    const card: RevealCard = { key: `warm${i}`, character: "", set: 1, background: "", finish, tier: "Mythic", points: 0, isNew: false };
    const view = new CardView(card, "", tierEffect("Mythic", settings), settings);
    view.setSize(40, 56, 1);
    view.flip = 0;
    view.intensity = 1;
    view.glowLevel = 1;
    view.raysLevel = 1;
    view.update(0, 16, false);
    view.root.position.set(30 + i * 50, 40);
    root.addChild(view.root);
    return view;
  });
  const bursts = new BurstLayer();
  bursts.layout(240, 90);
  bursts.emit(tierEffect("Mythic", settings), 120, 45, 40, 56);
  bursts.update(16);
  root.addChildAt(bursts.backdrop, 0);
  root.addChild(bursts.root);
  const target = RenderTexture.create({ width: 240, height: 90 });
  try {
    stage.app.renderer.render({ container: root, target });
  } finally {
    target.destroy(true);
    for (const view of views) view.destroy();
    bursts.destroy();
    root.destroy({ children: true });
  }
}

/** The reveal on a stage that is already up: on screen in this very call (see cardStage.ts). */
export function pixiReveal(stage: Stage, container: HTMLElement, count: number, options: RevealOptions): RevealHandle {
  return startReveal(stage, container, count, options);
}

export async function pixiInspect(container: HTMLElement, card: RevealCard, options: InspectOptions): Promise<InspectHandle> {
  return startInspect(await getStage(), container, card, options);
}
