// Small procedural textures for the tier effects, drawn once on canvases and kept for the life
// of the page: particles (one atlas, as a ParticleContainer needs a single source), a soft
// halo, light rays, a shock ring and the card's drop shadow.

import { Rectangle, Texture } from "pixi.js";

export interface FxTextures {
  dot: Texture;
  sparkle: Texture;
  glow: Texture;
  rays: Texture;
  ring: Texture;
  shadow: Texture;
}

let cached: FxTextures | undefined;

function canvas(w: number, h: number): { c: HTMLCanvasElement; ctx: CanvasRenderingContext2D } {
  const c = document.createElement("canvas");
  c.width = w;
  c.height = h;
  const ctx = c.getContext("2d");
  if (!ctx) throw new Error("2D canvas unavailable");
  return { c, ctx };
}

function particleAtlas(): HTMLCanvasElement {
  const { c, ctx } = canvas(128, 64);
  // Soft dot.
  const g = ctx.createRadialGradient(32, 32, 0, 32, 32, 30);
  g.addColorStop(0, "rgba(255,255,255,1)");
  g.addColorStop(0.25, "rgba(255,255,255,0.85)");
  g.addColorStop(1, "rgba(255,255,255,0)");
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, 64, 64);
  // Four-point sparkle with a bright core.
  ctx.save();
  ctx.translate(96, 32);
  ctx.fillStyle = "#fff";
  ctx.beginPath();
  for (let i = 0; i < 8; i++) {
    const a = (i / 8) * Math.PI * 2;
    const r = i % 2 === 0 ? 30 : 5;
    ctx.lineTo(Math.cos(a) * r, Math.sin(a) * r);
  }
  ctx.closePath();
  ctx.shadowColor = "#fff";
  ctx.shadowBlur = 6;
  ctx.fill();
  ctx.restore();
  return c;
}

function glowCanvas(): HTMLCanvasElement {
  const { c, ctx } = canvas(128, 128);
  const g = ctx.createRadialGradient(64, 64, 0, 64, 64, 64);
  g.addColorStop(0, "rgba(255,255,255,0.9)");
  g.addColorStop(0.35, "rgba(255,255,255,0.45)");
  g.addColorStop(0.7, "rgba(255,255,255,0.1)");
  g.addColorStop(1, "rgba(255,255,255,0)");
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, 128, 128);
  return c;
}

function raysCanvas(): HTMLCanvasElement {
  const size = 512;
  const { c, ctx } = canvas(size, size);
  const mid = size / 2;
  const count = 18;
  for (let i = 0; i < count; i++) {
    const a = (i / count) * Math.PI * 2;
    const spread = (i % 2 === 0 ? 0.09 : 0.05) * Math.PI;
    const g = ctx.createRadialGradient(mid, mid, 0, mid, mid, mid);
    g.addColorStop(0, "rgba(255,255,255,0.9)");
    g.addColorStop(0.5, "rgba(255,255,255,0.35)");
    g.addColorStop(1, "rgba(255,255,255,0)");
    ctx.fillStyle = g;
    ctx.beginPath();
    ctx.moveTo(mid, mid);
    ctx.arc(mid, mid, mid, a - spread / 2, a + spread / 2);
    ctx.closePath();
    ctx.fill();
  }
  return c;
}

function ringCanvas(): HTMLCanvasElement {
  const { c, ctx } = canvas(256, 256);
  const g = ctx.createRadialGradient(128, 128, 90, 128, 128, 126);
  g.addColorStop(0, "rgba(255,255,255,0)");
  g.addColorStop(0.7, "rgba(255,255,255,0.95)");
  g.addColorStop(1, "rgba(255,255,255,0)");
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, 256, 256);
  return c;
}

function shadowCanvas(): HTMLCanvasElement {
  // A blurred rounded rectangle with the card's proportions and room for the blur.
  const { c, ctx } = canvas(160, 208);
  ctx.filter = "blur(14px)";
  ctx.fillStyle = "rgba(0,0,0,0.9)";
  ctx.beginPath();
  ctx.roundRect(30, 30, 100, 148, 10);
  ctx.fill();
  return c;
}

export function fxTextures(): FxTextures {
  if (cached) return cached;
  const atlas = Texture.from(particleAtlas());
  cached = {
    dot: new Texture({ source: atlas.source, frame: new Rectangle(0, 0, 64, 64) }),
    sparkle: new Texture({ source: atlas.source, frame: new Rectangle(64, 0, 64, 64) }),
    glow: Texture.from(glowCanvas()),
    rays: Texture.from(raysCanvas()),
    ring: Texture.from(ringCanvas()),
    shadow: Texture.from(shadowCanvas()),
  };
  return cached;
}

/** Shadow texture: the card occupies this share of it (the rest is blur room). */
export const SHADOW_CARD_SHARE = { x: 100 / 160, y: 148 / 208 };
