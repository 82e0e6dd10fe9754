// The pack reveal on the shared stage: the backs are dealt into their slots at once (while the
// open-pack request runs), and when the cards are delivered they turn over on the shared timer
// (revealSchedule.ts), each with its tier's burst and its finish's shader; the rarest glows in
// suspense until its turn. Afterwards they follow the pointer or the device tilt.

import { Container } from "pixi.js";
import { easeOutBack, easeOutCubic } from "../cardProjection.ts";
import { setEmoji } from "../cardImages.ts";
import { targetPose } from "../poseDriver.ts";
import { PointerInput } from "../pointerInput.ts";
import type { RevealCard } from "../revealCard.ts";
import { packGrid, revealLayout, type RevealLayout } from "../revealLayout.ts";
import { bestCardIndex, heldCardIndex, tellColor, worthHolding } from "../revealOrder.ts";
import { HERO_IN_MS, HERO_MS, HERO_OUT_MS, heroBlend, heroZoom } from "../heroMoment.ts";
import { ART_WAIT_MS, holdCard, releaseCard, revealSchedule, type RevealSchedule } from "../revealSchedule.ts";
import { cardEffect, suspenseIndex, type TierEffect } from "../tierEffects.ts";
import { isShiny } from "../tiers.ts";
import type { RevealHandle, RevealOptions } from "../types.ts";
import { BurstLayer } from "./bursts.ts";
import { CardView, loadFaceArt } from "./cardView.ts";
import { within } from "./images.ts";
import type { Scene, SceneLease, Stage } from "./stage.ts";

/** What a slot holds until the server answers: a back (never drawn face up). */
const FACE_DOWN: RevealCard = { key: "", character: "", set: 0, background: "", finish: "regular", tier: "Common", points: 0, isNew: false };
const DEAL_MS = 380;
const DEAL_STAGGER_MS = 70;
const RAMP_MS = 450;

interface Slot {
  view: CardView;
  effect: TierEffect;
  revealed: boolean;
  revealedAt: number;
  phase: number;
}

class RevealScene implements Scene {
  readonly root = new Container();
  readonly lowEffects: boolean;
  private readonly cardsLayer = new Container();
  private readonly bursts = new BurstLayer();
  readonly slots: Slot[];
  schedule: RevealSchedule;
  /** The card waiting for the player's tap (RULES.md), until release(); null when none waits. */
  held: number | null = null;
  private heldTold = false;
  /** The best card of a pack worth it zooms to the middle as it turns (the hero moment). */
  private hero: number | null = null;
  /** When the hero moment ends, on the schedule's clock (a tap ends it sooner). */
  private heroEnd = Infinity;
  private heroScale = 1;
  private stageSize = { width: 0, height: 0 };
  private layoutInfo: RevealLayout | null = null;
  private resolution = 1;
  private readonly mountedAt = performance.now();
  /** When the schedule's clock started (cards known, art in), or null while waiting. */
  private startedAt: number | null = null;
  delivered = false;
  /** Skip pressed before the cards were known: end as soon as they are. */
  skipWanted = false;
  private suspense: number | null = null;
  private done = false;
  private skipped = false;
  input: PointerInput | null = null;
  lease: SceneLease | null = null;

  constructor(
    count: number,
    private readonly options: RevealOptions,
  ) {
    this.lowEffects = options.lowEffects;
    this.slots = Array.from({ length: count }, (_, i) => this.makeSlot(FACE_DOWN, i, true));
    this.schedule = revealSchedule(count, options);
    for (const slot of this.slots) this.cardsLayer.addChild(slot.view.root);
    this.root.addChild(this.bursts.backdrop, this.cardsLayer, this.bursts.root);
  }

  private makeSlot(card: RevealCard, i: number, faceless: boolean): Slot {
    const settings = { reducedMotion: this.options.reducedMotion, lowEffects: this.options.lowEffects };
    const effect = cardEffect(card, settings);
    return { view: new CardView(card, setEmoji(card.set), effect, { ...settings, faceless }), effect, revealed: false, revealedAt: 0, phase: i * 2.1 };
  }

  /** The server answered: each back becomes its card, in the same place and pose. */
  deliver(cards: readonly RevealCard[]): void {
    if (this.delivered) return;
    this.delivered = true;
    this.slots.forEach((slot, i) => {
      const card = cards[i];
      if (!card) return;
      const next = this.makeSlot(card, i, false);
      const old = slot.view;
      next.view.spring.snap();
      this.cardsLayer.addChildAt(next.view.root, this.cardsLayer.getChildIndex(old.root));
      this.cardsLayer.removeChild(old.root);
      old.destroy();
      slot.view = next.view;
      slot.effect = next.effect;
      const s = this.layoutInfo?.slots[i];
      if (s) slot.view.setSize(s.width, s.height, this.resolution);
    });
    this.suspense = suspenseIndex(cards, this.options);
    if (this.options.holdBest) {
      const best = bestCardIndex(cards.slice(0, this.slots.length));
      if (best >= 0 && worthHolding(cards[best]!) && !this.options.reducedMotion) {
        this.hero = best;
        // Drawn last, over the others, and its textures at the size it will zoom to.
        this.cardsLayer.addChild(this.slots[best]!.view.root);
        this.sizeHero();
      }
      this.held = heldCardIndex(cards.slice(0, this.slots.length));
      if (this.held !== null) {
        this.schedule = holdCard(this.schedule, this.held);
        this.suspense = this.held;
        const slot = this.slots[this.held]!;
        slot.view.setGlowColor(Number.parseInt(tellColor(slot.view.card).slice(1), 16));
      }
    }
  }

  /** A tap during the hero moment ends it (the card goes back to its place). */
  dismissHero(now: number): boolean {
    if (this.hero === null || this.startedAt === null) return false;
    const t = now - this.startedAt;
    const start = this.schedule.startAt[this.hero] ?? Infinity;
    if (t < start || t >= this.heroEnd) return false;
    this.heroEnd = Math.max(start + HERO_IN_MS, t);
    this.lease?.wake();
    return true;
  }

  /** The player tapped: the held card turns (after the others, if they have not yet). */
  release(now: number): boolean {
    if (this.held === null || this.done) return false;
    const at = this.startedAt === null ? 0 : now - this.startedAt;
    this.schedule = releaseCard(this.schedule, this.held, at, this.options.reducedMotion);
    this.held = null;
    this.lease?.wake();
    return true;
  }

  start(now: number): void {
    if (this.startedAt === null) this.startedAt = now;
  }

  /** The hero's zoom for this stage, and its textures drawn at that size (sharp when large). */
  private sizeHero(): void {
    const s = this.hero === null ? undefined : this.layoutInfo?.slots[this.hero];
    if (!s || this.hero === null) return;
    this.heroScale = heroZoom(s, this.stageSize);
    this.slots[this.hero]!.view.setSize(s.width, s.height, this.resolution * this.heroScale);
  }

  layout(width: number, height: number, resolution: number): void {
    this.resolution = resolution;
    this.stageSize = { width, height };
    this.layoutInfo = revealLayout(this.slots.length, width, height, packGrid(this.slots.length));
    this.bursts.layout(width, height);
    this.slots.forEach((slot, i) => {
      const s = this.layoutInfo!.slots[i]!;
      slot.view.setSize(s.width, s.height, resolution);
    });
    this.sizeHero();
  }

  /** Where card i is drawn now: its slot, or on its way to or from the middle (the hero). */
  private placeOf(i: number, t: number): { cx: number; cy: number; width: number; height: number; zoom: number } | null {
    const s = this.layoutInfo?.slots[i];
    if (!s) return null;
    if (i !== this.hero || this.skipped) return { ...s, zoom: 1 };
    const h = heroBlend(t, this.schedule.startAt[i] ?? Infinity, this.heroEnd);
    const zoom = 1 + (this.heroScale - 1) * h;
    const cx = s.cx + (this.stageSize.width / 2 - s.cx) * h;
    const cy = s.cy + (this.stageSize.height / 2 - s.cy) * h;
    return { cx, cy, width: s.width * zoom, height: s.height * zoom, zoom };
  }

  private cardRect(i: number, t: number) {
    const s = this.placeOf(i, t);
    return s ? { left: s.cx - s.width / 2, top: s.cy - s.height / 2, width: s.width, height: s.height } : { left: 0, top: 0, width: 1, height: 1 };
  }

  update(now: number, dtMs: number): boolean {
    const { reducedMotion, lowEffects } = this.options;
    const time = reducedMotion ? 0 : (now - this.mountedAt) / 1000;
    const t = this.startedAt === null ? -Infinity : now - this.startedAt;
    const anim = this.schedule.animationMs;
    let moving = false;

    if (this.hero !== null && this.startedAt !== null && !this.skipped) {
      const start = this.schedule.startAt[this.hero] ?? Infinity;
      if (Number.isFinite(start) && !Number.isFinite(this.heroEnd)) this.heroEnd = start + HERO_MS;
      if (t >= start && t < this.heroEnd + HERO_OUT_MS) moving = true;
    }

    this.slots.forEach((slot, i) => {
      const view = slot.view;
      const s = this.placeOf(i, t);
      if (!s) return;
      view.zoom = s.zoom;
      // Deal: the cards rise into place face down (a plain fade under reduced motion).
      const deal = Math.min(1, Math.max(0, (now - this.mountedAt - i * DEAL_STAGGER_MS) / DEAL_MS));
      if (deal < 1) moving = true;
      const dealEased = easeOutCubic(deal);
      let dy = reducedMotion ? 0 : (1 - dealEased) * s.height * 0.25;
      let alpha = dealEased;

      const start = this.schedule.startAt[i] ?? 0;
      const p = Math.min(1, Math.max(0, (t - start) / anim));
      if (reducedMotion) {
        // Calm version: the card is simply there, face up, fading in over the back.
        view.flip = t >= start ? 0 : 1;
        view.lift = 0;
        if (t >= start) alpha = Math.min(alpha, 0.25 + 0.75 * p);
      } else {
        view.flip = 1 - easeOutBack(p, 1.1);
        view.lift = Math.sin(Math.PI * p) * (0.08 + 0.02 * Math.min(3, slot.effect.rings));
        dy -= Math.sin(Math.PI * p) * s.height * 0.05;
      }
      if (p > 0 && p < 1) moving = true;

      const revealAt = this.schedule.revealAt[i] ?? 0;
      if (!slot.revealed && t >= revealAt) {
        slot.revealed = true;
        slot.revealedAt = now;
        if (!this.skipped && slot.effect.particles + slot.effect.rings > 0) {
          this.bursts.emit(this.options.holdBest ? { ...slot.effect, flash: false } : slot.effect, s.cx, s.cy, s.width, s.height);
        }
        this.options.onCardRevealed?.(i);
      }
      const ramp = slot.revealed ? Math.min(1, (now - slot.revealedAt) / RAMP_MS) : 0;
      if (slot.revealed && ramp < 1) moving = true;
      view.intensity = this.skipped ? 1 : ramp;
      view.glowLevel = slot.revealed ? (this.skipped ? 1 : ramp) : 0;
      view.raysLevel = view.glowLevel;
      // Suspense: the rarest card's halo pulses behind its back until it turns (steady under
      // reduced motion); a held card's back glows in its tell colour until the player's tap.
      if (!slot.revealed && i === this.suspense && this.delivered) {
        view.glowLevel = reducedMotion ? 0.8 : 0.55 + 0.35 * Math.sin((now - this.mountedAt) / 90);
        view.backTell = i === this.held || this.held === null ? 1 : 0;
        if (!reducedMotion) moving = true;
      } else view.backTell = 0;

      // Pose: follow the pointer or the tilt once the card is face up.
      if (slot.revealed) {
        view.spring.target = targetPose(this.input, this.cardRect(i, t), slot.phase, {
          now,
          time,
          idle: !reducedMotion && !lowEffects && isShiny(view.card.finish),
        });
        if (reducedMotion) view.spring.snap();
        else if (view.spring.step(dtMs)) moving = true;
      }

      view.root.position.set(s.cx + this.bursts.shake.x, s.cy + dy + this.bursts.shake.y);
      view.root.alpha = alpha;
      view.update(time, dtMs, !reducedMotion);
    });

    if (this.bursts.update(dtMs)) moving = true;

    if (this.held !== null && !this.heldTold && this.startedAt !== null) {
      const others = this.schedule.startAt.filter((_, i) => i !== this.held);
      if (others.every((start) => t >= start)) {
        this.heldTold = true;
        this.options.onHeld?.(this.held);
      }
    }

    if (this.startedAt !== null && t >= this.schedule.doneAt) this.finish();
    // Keep drawing while anything moves; afterwards only shiny cards (their foil drifts) and
    // rays turn, and not at all with low effects or reduced motion.
    const alive = !reducedMotion && !lowEffects && this.slots.some((s) => s.revealed && (isShiny(s.view.card.finish) || s.effect.rays || s.effect.glow > 0));
    return !this.done || moving || alive;
  }

  /**
   * The last card has settled, by the clock: every card counts as revealed and onDone runs, even
   * when frames come slowly (the drawing catches up on its own).
   */
  finish(): void {
    if (this.done) return;
    this.done = true;
    const now = performance.now();
    this.slots.forEach((slot, i) => {
      if (slot.revealed) return;
      slot.revealed = true;
      slot.revealedAt = now;
      this.options.onCardRevealed?.(i);
    });
    this.options.onDone();
  }

  skip(): void {
    if (this.done) return;
    if (!this.delivered) {
      this.skipWanted = true;
      return;
    }
    this.skipped = true;
    this.heroEnd = -Infinity;
    if (this.held !== null) {
      this.schedule = releaseCard(this.schedule, this.held, 0, this.options.reducedMotion);
      this.held = null;
    }
    this.bursts.clear();
    this.startedAt = performance.now() - this.schedule.doneAt;
    // The buttons first; the final frame is drawn on the next tick.
    this.finish();
    this.lease?.wake();
  }

  destroy(): void {
    this.input?.destroy();
    for (const slot of this.slots) slot.view.destroy();
    this.bursts.destroy();
    this.root.destroy({ children: true });
  }
}

/** Deals `count` backs on the stage at once; deliver() turns them into the pack's cards. */
export function startReveal(stage: Stage, container: HTMLElement, count: number, options: RevealOptions): RevealHandle {
  const scene = new RevealScene(count, options);
  const lease = stage.mount(container, scene);
  scene.lease = lease;
  // The pointer tilts the cards; a quick tap turns the card that waits for it, or else skips to
  // the end unless the caller said no.
  const release = () => {
    if (!scene.release(performance.now())) return false;
    armDone();
    return true;
  };
  scene.input = new PointerInput(
    container,
    () => lease.wake(),
    options.tapToSkip === false ? undefined : () => {
      if (!release() && !scene.dismissHero(performance.now())) scene.skip();
    },
  );
  let destroyed = false;
  let doneTimer: ReturnType<typeof setTimeout> | undefined;
  let startedAt: number | null = null;
  // The buttons come on time even when frames are slow (software GL, a busy phone); not while a
  // card waits for the player's tap.
  const armDone = () => {
    clearTimeout(doneTimer);
    if (startedAt === null || !Number.isFinite(scene.schedule.doneAt)) return;
    doneTimer = setTimeout(() => scene.finish(), Math.max(0, startedAt + scene.schedule.doneAt - performance.now()));
  };

  const deliver = (cards: readonly RevealCard[]) => {
    if (destroyed || scene.delivered) return;
    scene.deliver(cards);
    lease.wake();
    if (scene.skipWanted) {
      scene.skip();
      return;
    }
    // Turn the cards once their art is in (or after ART_WAIT_MS: the fallbacks stand in).
    void Promise.all(
      scene.slots.map(async (slot) => {
        const view = slot.view;
        const loading = loadFaceArt(view.card);
        const art = await within(loading, ART_WAIT_MS, null);
        if (art && !destroyed) view.setArt(art);
        // Art that arrives after the wait still lands on the card.
        if (!art)
          void loading.then((late) => {
            if (destroyed) return;
            view.setArt(late);
            lease.wake();
          });
      }),
    ).then(() => {
      if (destroyed) return;
      startedAt = performance.now();
      scene.start(startedAt);
      armDone();
      lease.wake();
    });
  };

  return {
    deliver,
    skip: () => scene.skip(),
    release: () => void release(),
    destroy: () => {
      if (destroyed) return;
      destroyed = true;
      clearTimeout(doneTimer);
      lease.unmount();
      scene.destroy();
    },
  };
}
