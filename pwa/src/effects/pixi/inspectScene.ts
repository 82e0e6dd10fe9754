// One card, large, on the shared stage: the collection's inspector. The foil follows the pointer
// anywhere over the container (or the device tilt); idle, it sways slowly.

import { Container } from "pixi.js";
import { easeOutCubic } from "../cardProjection.ts";
import { setEmoji } from "../cardImages.ts";
import { targetPose } from "../poseDriver.ts";
import { PointerInput } from "../pointerInput.ts";
import type { RevealCard } from "../revealCard.ts";
import { revealLayout, type CardSlot } from "../revealLayout.ts";
import { tierEffect } from "../tierEffects.ts";
import type { InspectHandle, InspectOptions } from "../types.ts";
import { CardView, loadFaceArt } from "./cardView.ts";
import type { Scene, Stage } from "./stage.ts";

const APPEAR_MS = 320;

class InspectScene implements Scene {
  readonly root = new Container();
  readonly lowEffects: boolean;
  readonly view: CardView;
  private slot: CardSlot | null = null;
  private readonly mountedAt = performance.now();
  input: PointerInput | null = null;

  constructor(
    card: RevealCard,
    private readonly options: InspectOptions,
  ) {
    this.lowEffects = options.lowEffects;
    const settings = { reducedMotion: options.reducedMotion, lowEffects: options.lowEffects };
    this.view = new CardView(card, setEmoji(card.set), tierEffect(card.tier, settings), settings);
    this.view.flip = 0;
    this.view.intensity = 1;
    this.view.glowLevel = 1;
    this.view.raysLevel = 0.6;
    this.root.addChild(this.view.root);
  }

  layout(width: number, height: number, resolution: number): void {
    // Room around the card for its glow to fade out inside the stage's feathered edge (CardArt.css).
    this.slot = revealLayout(1, width, height, { maxCardWidth: 1200, padding: Math.round(Math.min(width, height) * 0.055) }).slots[0] ?? null;
    if (this.slot) this.view.setSize(this.slot.width, this.slot.height, resolution);
  }

  update(now: number, dtMs: number): boolean {
    const { reducedMotion, lowEffects } = this.options;
    const s = this.slot;
    if (!s) return false;
    const time = reducedMotion ? 0 : (now - this.mountedAt) / 1000;
    const appear = reducedMotion ? 1 : Math.min(1, (now - this.mountedAt) / APPEAR_MS);
    const rect = { left: s.cx - s.width / 2, top: s.cy - s.height / 2, width: s.width, height: s.height };
    this.view.spring.target = targetPose(this.input, rect, 0.7, { now, time, idle: !reducedMotion && !lowEffects, anywhere: true });
    let moving = appear < 1;
    if (reducedMotion) this.view.spring.snap();
    else if (this.view.spring.step(dtMs)) moving = true;
    const e = easeOutCubic(appear);
    this.view.root.position.set(s.cx, s.cy + (1 - e) * s.height * 0.06);
    this.view.root.alpha = e;
    this.view.lift = (1 - e) * -0.04;
    this.view.update(time, dtMs, !reducedMotion);
    return moving || (!reducedMotion && !lowEffects);
  }

  destroy(): void {
    this.input?.destroy();
    this.view.destroy();
    this.root.destroy({ children: true });
  }
}

export function startInspect(stage: Stage, container: HTMLElement, card: RevealCard, options: InspectOptions): InspectHandle {
  const scene = new InspectScene(card, options);
  const lease = stage.mount(container, scene);
  scene.input = new PointerInput(container, () => lease.wake());
  let destroyed = false;
  void loadFaceArt(card, { large: true }).then((art) => {
    if (destroyed) return;
    scene.view.setArt(art);
    lease.wake();
  });
  return {
    destroy: () => {
      if (destroyed) return;
      destroyed = true;
      lease.unmount();
      scene.destroy();
    },
  };
}
