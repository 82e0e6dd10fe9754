// The celebration when a Rare-or-better card turns face up: particles flung from the card's
// edges, shock rings, and for Mythic a full-stage flash. Particles live in one ParticleContainer
// (one draw call for all of them) and everything dies out within about 1.5 s.

import { Container, Particle, ParticleContainer, Rectangle, Sprite } from "pixi.js";
import type { TierEffect } from "../tierEffects.ts";
import { hueColor } from "./color.ts";
import { fxTextures } from "./fxTextures.ts";

interface Spark {
  particle: Particle;
  vx: number;
  vy: number;
  spin: number;
  age: number;
  life: number;
  size: number;
  prismatic: boolean;
  hue: number;
}

interface Ring {
  sprite: Sprite;
  age: number;
  life: number;
  from: number;
  to: number;
}

const GRAVITY = 420; // px/s^2, scaled by card size
const MAX_SPARKS = 600;
/** The celebration light's rise and fade. */
const FLASH_MS = 1100;

export class BurstLayer {
  readonly root = new Container();
  private readonly particles: ParticleContainer;
  /** The celebration light: a soft radial glow behind the cards (add it under the card layer). */
  readonly backdrop = new Container();
  private readonly flash: Sprite;
  private sparks: Spark[] = [];
  private rings: Ring[] = [];
  private flashAge = Infinity;
  private shakeAge = Infinity;
  private shakeAmount = 0;
  private width = 0;
  private height = 0;
  /** Current stage shake offset; the scene moves its card layer by it. */
  readonly shake = { x: 0, y: 0 };

  constructor() {
    const fx = fxTextures();
    this.particles = new ParticleContainer({
      texture: fx.dot,
      dynamicProperties: { position: true, rotation: true, vertex: true, color: true },
    });
    this.particles.blendMode = "add";
    // Issue 13: the Mythic flash was a hard-edged white rectangle over everything that washed the
    // card out. Now a radial glow in the tier's colour, fading to nothing at its edge, drawn
    // behind the cards and big enough to reach past the stage's edges: no rectangle anywhere.
    this.flash = new Sprite({ texture: fx.glow, anchor: 0.5, alpha: 0, blendMode: "add" });
    this.flash.visible = false;
    this.backdrop.addChild(this.flash);
    this.root.addChild(this.particles);
  }

  layout(width: number, height: number): void {
    this.width = width;
    this.height = height;
    this.particles.boundsArea = new Rectangle(0, 0, width, height);
  }

  /** Bursts from a card centred at (cx, cy) of size w x h. */
  emit(effect: TierEffect, cx: number, cy: number, w: number, h: number): void {
    const fx = fxTextures();
    const unit = Math.max(0.6, w / 220);
    const count = Math.min(effect.particles, MAX_SPARKS - this.sparks.length);
    for (let i = 0; i < count; i++) {
      // Spawn on the card's outline, flung outwards with a bias upwards.
      const side = Math.random();
      const t = Math.random();
      const [sx, sy] =
        side < 0.25 ? [t, 0] : side < 0.5 ? [1, t] : side < 0.75 ? [t, 1] : [0, t];
      const px = cx + (sx - 0.5) * w;
      const py = cy + (sy - 0.5) * h;
      const angle = Math.atan2(py - cy, px - cx) + (Math.random() - 0.5) * 0.9;
      const speed = (160 + Math.random() * 420) * unit;
      const sparkle = Math.random() < 0.45;
      const prismatic = effect.palette === "prismatic";
      const hue = Math.random();
      const palette = effect.palette === "prismatic" ? [] : effect.palette;
      const tint = prismatic ? hueColor(hue) : (palette[Math.floor(Math.random() * palette.length)] ?? 0xffffff);
      const size = (sparkle ? 0.28 + Math.random() * 0.35 : 0.12 + Math.random() * 0.22) * unit;
      const particle = new Particle({
        texture: sparkle ? fx.sparkle : fx.dot,
        x: px,
        y: py,
        anchorX: 0.5,
        anchorY: 0.5,
        scaleX: size,
        scaleY: size,
        rotation: Math.random() * Math.PI,
        tint,
        alpha: 1,
      });
      this.particles.addParticle(particle);
      this.sparks.push({
        particle,
        vx: Math.cos(angle) * speed,
        vy: Math.sin(angle) * speed - 120 * unit,
        spin: (Math.random() - 0.5) * 6,
        age: 0,
        life: 700 + Math.random() * 800,
        size,
        prismatic,
        hue,
      });
    }

    for (let i = 0; i < effect.rings; i++) {
      const sprite = new Sprite({ texture: fx.ring, anchor: 0.5, blendMode: "add" });
      sprite.position.set(cx, cy);
      const palette = effect.palette === "prismatic" ? [0xffffff, 0xf472b6, 0x94d0ff] : effect.palette;
      sprite.tint = palette[i % Math.max(1, palette.length)] ?? 0xffffff;
      this.root.addChildAt(sprite, 0);
      const base = Math.max(w, h) / 256;
      this.rings.push({ sprite, age: -i * 110, life: 650, from: base * 0.5, to: base * (2.2 + i * 0.5) });
    }

    if (effect.flash) {
      this.flashAge = 0;
      this.flash.visible = true;
      // Centred on the stage, not the card (issue 44: a Mythic on a battle's leftmost card lit
      // half a phone's screen), the glow fading out at its rim past the stage's corners.
      this.flash.position.set(this.width / 2, this.height / 2);
      this.flash.tint = effect.palette === "prismatic" ? 0xf0c8ff : (effect.palette[0] ?? 0xffffff);
      const reach = Math.hypot(this.width / 2, this.height / 2) * 2.4;
      this.flash.scale.set(reach / this.flash.texture.width);
    }
    if (effect.shake > 0) {
      this.shakeAge = 0;
      this.shakeAmount = effect.shake;
    }
  }

  /** Advances by dt ms; true while anything is still moving. */
  update(dtMs: number): boolean {
    const dt = dtMs / 1000;
    const gravity = GRAVITY * Math.max(0.6, this.height / 900);
    let removed = false;
    for (const s of this.sparks) {
      s.age += dtMs;
      s.vx *= Math.pow(0.35, dt);
      s.vy = s.vy * Math.pow(0.35, dt) + gravity * dt;
      const p = s.particle;
      p.x += s.vx * dt;
      p.y += s.vy * dt;
      p.rotation += s.spin * dt;
      const life = s.age / s.life;
      const fade = life < 0.6 ? 1 : Math.max(0, 1 - (life - 0.6) / 0.4);
      p.alpha = fade;
      const twinkle = 0.75 + 0.25 * Math.sin(s.age * 0.03 + s.hue * 10);
      p.scaleX = p.scaleY = s.size * (0.6 + 0.4 * fade) * twinkle;
      if (s.prismatic) p.tint = hueColor((s.hue + s.age * 0.0006) % 1);
      if (s.age >= s.life) removed = true;
    }
    if (removed) {
      const alive: Spark[] = [];
      for (const s of this.sparks) {
        if (s.age < s.life) alive.push(s);
        else this.particles.removeParticle(s.particle);
      }
      this.sparks = alive;
    }

    this.rings = this.rings.filter((r) => {
      r.age += dtMs;
      const t = Math.max(0, r.age / r.life);
      if (t >= 1) {
        r.sprite.destroy();
        return false;
      }
      const eased = 1 - Math.pow(1 - t, 3);
      r.sprite.scale.set(r.from + (r.to - r.from) * eased);
      r.sprite.alpha = r.age < 0 ? 0 : (1 - t) * 0.85;
      return true;
    });

    if (this.flashAge < Infinity) {
      this.flashAge += dtMs;
      const t = this.flashAge / FLASH_MS;
      this.flash.alpha = t < 0.15 ? (t / 0.15) * 0.75 : Math.max(0, 0.75 * (1 - (t - 0.15) / 0.85));
      if (t >= 1) {
        this.flashAge = Infinity;
        this.flash.visible = false;
      }
    }

    this.shake.x = 0;
    this.shake.y = 0;
    if (this.shakeAge < Infinity) {
      this.shakeAge += dtMs;
      const t = this.shakeAge / 420;
      if (t >= 1) this.shakeAge = Infinity;
      else {
        const amp = this.shakeAmount * (1 - t) * (1 - t);
        this.shake.x = Math.sin(this.shakeAge * 0.11) * amp;
        this.shake.y = Math.cos(this.shakeAge * 0.087) * amp;
      }
    }
    return this.sparks.length > 0 || this.rings.length > 0 || this.flashAge < Infinity || this.shakeAge < Infinity;
  }

  /** Ends every effect at once (skip). */
  clear(): void {
    for (const s of this.sparks) this.particles.removeParticle(s.particle);
    this.sparks = [];
    for (const r of this.rings) r.sprite.destroy();
    this.rings = [];
    this.flashAge = Infinity;
    this.flash.visible = false;
    this.shakeAge = Infinity;
    this.shake.x = this.shake.y = 0;
  }

  destroy(): void {
    this.clear();
    this.backdrop.destroy({ children: true });
    this.root.destroy({ children: true });
  }
}
