// Card pictures composed once on a 2D canvas and uploaded as textures: the face art (background
// frame + inset portrait, which the finish shader then works on), the overlay drawn on top
// without the shader (tier gem, points pill, NEW! ribbon) and the shared card back.
// Canvas 2D does gradients, clipping and text far better than per-frame sprites, and each card
// then costs one or two textured quads a frame.

import type { Tier } from "../../../../api/src/game/sets.ts";
import { backgroundGradientSpec, type GradientSpec } from "../cardImages.ts";
import { type RevealCard } from "../revealCard.ts";
import type { CardImage } from "./images.ts";
import { GEM_MIN_RADIUS_PX, isCompactCard, PILL_MIN_FONT_PX } from "../revealLayout.ts";
import { finishLabel, tierColor, tierLetter } from "../tiers.ts";
import { formatCompact, formatNumber } from "../../lib/format.ts";
import { backgroundName } from "../../lib/cardName.ts";

/** Transparent margin (in texture px) so the mesh edges stay smooth without MSAA. */
export const EDGE_MARGIN = 2;

const FONT = `"Avenir Next", "Segoe UI Variable Display", "Segoe UI", system-ui, -apple-system, Roboto, "Liberation Sans", Arial, sans-serif`;

/**
 * The canvas font at a whole pixel size. Each new size costs the browser a font instance (~15 ms
 * at 4x CPU on Linux, once per size), so sizes are whole pixels and cards of one reveal share them.
 */
function font(weight: number, size: number): string {
  return `${weight} ${Math.max(1, Math.round(size))}px ${FONT}`;
}

export interface FaceArt {
  portrait: CardImage | null;
  background: CardImage | null;
}

/** A canvas the card pictures are drawn on: the page's, or an OffscreenCanvas (cardPartRender.ts, also in a worker). */
export type AnyCanvas = HTMLCanvasElement | OffscreenCanvas;
type Ctx2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/** A fresh canvas, or `into` resized and cleared (the DOM reveal draws straight into its own). */
function makeCanvas<C extends AnyCanvas = HTMLCanvasElement>(width: number, height: number, into?: C): { canvas: C; ctx: Ctx2D } {
  const canvas = into ?? (document.createElement("canvas") as C);
  canvas.width = Math.max(1, Math.round(width));
  canvas.height = Math.max(1, Math.round(height));
  const ctx = (canvas as HTMLCanvasElement).getContext("2d") as Ctx2D | null;
  if (!ctx) throw new Error("2D canvas unavailable");
  return { canvas, ctx };
}

function roundRect(ctx: Ctx2D, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
}

function linearGradient(ctx: Ctx2D, spec: GradientSpec, x: number, y: number, w: number, h: number): CanvasGradient {
  // CSS angle: 0deg points up, 90deg right.
  const a = (spec.angle * Math.PI) / 180;
  const dx = Math.sin(a);
  const dy = -Math.cos(a);
  const half = (Math.abs(w * dx) + Math.abs(h * dy)) / 2;
  const cx = x + w / 2;
  const cy = y + h / 2;
  const g = ctx.createLinearGradient(cx - dx * half, cy - dy * half, cx + dx * half, cy + dy * half);
  spec.stops.forEach((c, i) => g.addColorStop(spec.stops.length === 1 ? 0 : i / (spec.stops.length - 1), c));
  return g;
}

function drawCover(ctx: Ctx2D, img: CardImage, x: number, y: number, w: number, h: number): void {
  const iw = "naturalWidth" in img ? img.naturalWidth : img.width;
  const ih = "naturalHeight" in img ? img.naturalHeight : img.height;
  const scale = Math.max(w / iw, h / ih);
  const sw = w / scale;
  const sh = h / scale;
  ctx.drawImage(img, (iw - sw) / 2, (ih - sh) / 2, sw, sh, x, y, w, h);
}

/**
 * The face art: with a background, the background fills the card as a frame and the portrait
 * sits slightly inset on it; without one, the portrait (which has its own frame) fills the card.
 * No portrait at all: a panel with the set's emoji (SPEC.md section 8).
 */
export function drawFaceArt<C extends AnyCanvas = HTMLCanvasElement>(card: RevealCard, art: FaceArt, emoji: string, width: number, height: number, into?: C): C {
  const { canvas, ctx } = makeCanvas(width + 2 * EDGE_MARGIN, height + 2 * EDGE_MARGIN, into);
  const k = width / 400;
  ctx.translate(EDGE_MARGIN, EDGE_MARGIN);
  const radius = 22 * k;
  const hasFrame = card.background !== "";

  if (hasFrame) {
    ctx.save();
    roundRect(ctx, 0, 0, width, height, radius);
    ctx.clip();
    if (art.background) drawCover(ctx, art.background, 0, 0, width, height);
    else {
      ctx.fillStyle = linearGradient(ctx, backgroundGradientSpec(card.background), 0, 0, width, height);
      ctx.fillRect(0, 0, width, height);
    }
    // Darken the rim a touch so the inset portrait reads as set into the frame.
    const vignette = ctx.createRadialGradient(width / 2, height / 2, height * 0.25, width / 2, height / 2, height * 0.75);
    vignette.addColorStop(0, "rgba(0,0,0,0)");
    vignette.addColorStop(1, "rgba(0,0,0,0.35)");
    ctx.fillStyle = vignette;
    ctx.fillRect(0, 0, width, height);
    ctx.restore();
  }

  const inset = hasFrame ? 0.84 : 1; // the same inset as the DOM face (CardArt.css)
  const pw = width * inset;
  const ph = height * inset;
  const px = (width - pw) / 2;
  const py = (height - ph) / 2;
  ctx.save();
  if (hasFrame) {
    ctx.shadowColor = "rgba(0,0,0,0.65)";
    ctx.shadowBlur = 16 * k;
    ctx.shadowOffsetY = 5 * k;
  }
  if (art.portrait) ctx.drawImage(art.portrait, px, py, pw, ph);
  else drawEmojiPanel(ctx, card, emoji, px, py, pw, ph, k * inset);
  ctx.restore();

  // Background variants read as different cards (issue 44): the background's name in the band
  // above the portrait, as CardArt shows it.
  if (hasFrame) {
    ctx.save();
    ctx.font = `900 ${Math.max(9, Math.round(19 * k))}px system-ui, sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.shadowColor = "rgba(0,0,0,0.9)";
    ctx.shadowBlur = 4 * k;
    ctx.fillStyle = "#ffffff";
    ctx.fillText(backgroundName(card.background).toUpperCase(), width / 2, (height * (1 - inset)) / 4, width * 0.8);
    ctx.restore();
  }

  if (card.finish === "darkHolo") paintDarkHolo(ctx, card.character, width, height, radius, k);

  // A hairline rim light gives the edge a crisp, printed look (gold on a dark holo).
  roundRect(ctx, 0.75, 0.75, width - 1.5, height - 1.5, radius);
  ctx.strokeStyle = card.finish === "darkHolo" ? "rgba(245,196,81,0.9)" : "rgba(255,255,255,0.22)";
  ctx.lineWidth = card.finish === "darkHolo" ? 2.5 * Math.max(1, k) : 1.5;
  ctx.stroke();
  return canvas;
}

/**
 * Dark holo, the rarest finish (issue 44: it read as a greyed card one does not own): the frame
 * and background sink to deep black while the figure keeps its colour and gains contrast, and
 * gold glitter catches the light on the black. The finish shader or the CSS foil moves a gold
 * sweep over it. The shared picture paints the same (share/shareCard.ts).
 */
export function paintDarkHolo(ctx: Ctx2D, seed: string, width: number, height: number, radius: number, k: number): void {
  ctx.save();
  roundRect(ctx, 0, 0, width, height, radius);
  ctx.clip();
  const rim = ctx.createRadialGradient(width / 2, height * 0.47, height * 0.16, width / 2, height * 0.47, height * 0.62);
  rim.addColorStop(0, "rgba(0,0,0,0)");
  rim.addColorStop(0.55, "rgba(0,0,0,0.55)");
  rim.addColorStop(1, "rgba(0,0,0,0.92)");
  ctx.fillStyle = rim;
  ctx.fillRect(0, 0, width, height);
  // Gold glitter, the same on every drawing of this card (seeded by its key).
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  const next = () => ((h = Math.imul(h ^ (h >>> 15), 2246822507) ^ Math.imul(h ^ (h >>> 13), 3266489909)) >>> 0) / 4294967296;
  for (let i = 0; i < 70; i++) {
    const x = next() * width;
    const y = next() * height;
    // On the black rim only: the figure stays clear.
    const dx = (x - width / 2) / (width * 0.5);
    const dy = (y - height * 0.47) / (height * 0.5);
    if (dx * dx + dy * dy < 0.45) continue;
    const r = (0.6 + next() * 1.6) * Math.max(1, k * 1.2);
    ctx.fillStyle = next() < 0.7 ? "rgba(255,214,102,0.95)" : "rgba(255,250,230,0.95)";
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.restore();
}

function drawEmojiPanel(
  ctx: Ctx2D,
  card: RevealCard,
  emoji: string,
  x: number,
  y: number,
  w: number,
  h: number,
  k: number,
): void {
  roundRect(ctx, x, y, w, h, 22 * k);
  const g = ctx.createLinearGradient(x, y, x + w, y + h);
  g.addColorStop(0, "#2a1f55");
  g.addColorStop(1, "#0f0b20");
  ctx.fillStyle = g;
  ctx.fill();
  ctx.shadowColor = "transparent";
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.font = `${Math.round(150 * k)}px "Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji", sans-serif`;
  ctx.fillText(emoji, x + w / 2, y + h * 0.44);
  ctx.font = font(800, 26 * k);
  ctx.fillStyle = "rgba(245,242,255,0.85)";
  ctx.fillText(card.character.replace(/(\d+)$/, " $1").toUpperCase(), x + w / 2, y + h * 0.78);
}

/**
 * Room above and below the card in the overlay texture, as a share of the card's height: enough
 * for the tier gem and the points pill with their glow and shadow, which would otherwise be cut
 * off in a hard-edged box (the layout's own badge room, CARD_BADGE_*, may be smaller).
 */
export const OVERLAY_ROOM = 0.13;

/** The tier gem's radius in texture px: 25 units of a 400-unit card, never under GEM_MIN_RADIUS_PX CSS px. */
const gemRadius = (width: number, cssScale: number) => Math.max(25 * (width / 400), GEM_MIN_RADIUS_PX * cssScale);

/**
 * Texture px above and below the card: OVERLAY_ROOM of its height, or more where a small card's
 * gem, kept legible at its minimum size, reaches further with its outline, star points and glow.
 * With the share alone the 30 small cards of a phone's "Open 10" had their gems cut in half.
 */
export function overlayRoom(width: number, height: number, cssScale: number): number {
  return Math.max(Math.round(height * OVERLAY_ROOM), Math.ceil(gemRadius(width, cssScale) * 2.2));
}

/** Where the card sits inside the overlay texture (which has room above and below for badges). */
export function overlayGeometry(width: number, height: number, cssScale: number): { width: number; height: number; cardTop: number } {
  const room = overlayRoom(width, height, cssScale);
  return { width: width + 2 * EDGE_MARGIN, height: height + 2 * room + 2 * EDGE_MARGIN, cardTop: room + EDGE_MARGIN };
}

/**
 * Badges drawn over the shader, so they stay crisp: the tier gem on the top edge (its shape and
 * letter are the non-colour cue, matching RarityBadge), the points pill on the bottom edge with
 * the finish for shiny cards, and the NEW! ribbon.
 * `cssScale` is texture px per CSS px: text never drops under ~10 CSS px on small cards.
 */
export function drawOverlay<C extends AnyCanvas = HTMLCanvasElement>(card: RevealCard, width: number, height: number, cssScale: number, into?: C): C {
  const geo = overlayGeometry(width, height, cssScale);
  const { canvas, ctx } = makeCanvas(geo.width, geo.height, into);
  ctx.translate(EDGE_MARGIN, geo.cardTop);
  const k = width / 400;
  const atLeast = (units: number, css: number) => Math.max(units * k, css * cssScale);
  const color = tierColor(card.tier);
  if (isCompactCard(width / cssScale)) {
    drawCompactOverlay(ctx, card, width, height, cssScale);
    return canvas;
  }

  // Points pill, centred under the card: off the art, so the collector number shows (issue 44).
  const finish = card.finish === "regular" ? "" : finishLabel(card.finish).toUpperCase();
  const pointsText = formatNumber(card.points);
  const measure = (size: number) => {
    ctx.font = font(900, size);
    const pointsW = ctx.measureText(pointsText).width;
    ctx.font = font(800, size * 0.72);
    const ptsW = ctx.measureText(" PTS").width;
    const finishW = finish ? ctx.measureText(finish).width + size * 0.9 : 0;
    return { finishW, pointsW, total: pointsW + ptsW + finishW + size * 1.6 };
  };
  // Big points and a finish on a small card (a phone's 3-column reveal): the text shrinks to fit
  // the pill instead of running out of it.
  let pillFont = Math.round(atLeast(19, PILL_MIN_FONT_PX));
  const natural = measure(pillFont).total;
  if (natural > width * 0.94) pillFont = Math.max(1, Math.floor((pillFont * width * 0.94) / natural));
  const { finishW, pointsW, total } = measure(pillFont);
  const pillH = pillFont * 1.85;
  const pillW = Math.min(width * 0.94, total);
  const pillX = (width - pillW) / 2;
  const pillY = height + Math.max(3 * k, 2 * cssScale);
  ctx.save();
  ctx.shadowColor = "rgba(0,0,0,0.6)";
  ctx.shadowBlur = 10 * k;
  ctx.shadowOffsetY = 3 * k;
  roundRect(ctx, pillX, pillY, pillW, pillH, pillH / 2);
  const pillFill = ctx.createLinearGradient(0, pillY, 0, pillY + pillH);
  pillFill.addColorStop(0, "#221a40");
  pillFill.addColorStop(1, "#0b0916");
  ctx.fillStyle = pillFill;
  ctx.fill();
  ctx.restore();
  roundRect(ctx, pillX, pillY, pillW, pillH, pillH / 2);
  ctx.strokeStyle = color;
  ctx.lineWidth = Math.max(1.5, 2.5 * k);
  ctx.stroke();
  ctx.textBaseline = "middle";
  ctx.textAlign = "left";
  let tx = pillX + pillFont * 0.8;
  const ty = pillY + pillH / 2 + pillFont * 0.04;
  if (finish) {
    ctx.font = font(800, pillFont * 0.72);
    ctx.fillStyle = color;
    ctx.fillText(finish, tx, ty);
    tx += finishW;
  }
  ctx.font = font(900, pillFont);
  ctx.fillStyle = "#f5f2ff";
  ctx.fillText(pointsText, tx, ty);
  ctx.font = font(800, pillFont * 0.72);
  ctx.fillStyle = color;
  ctx.fillText(" PTS", tx + pointsW, ty);

  // Tier gem on the top edge.
  drawTierGem(ctx, card.tier, width / 2, 0, gemRadius(width, cssScale));

  if (card.isNew) drawNewRibbon(ctx, width, atLeast(17, 10), k, gemRadius(width, cssScale));
  return canvas;
}

/**
 * A small card's badges, off the art (issue 44, a phone's "Open 10"): a bar in the tier's colour
 * under the card, the tier's letter and the points below it, and a red dot on the corner for NEW!.
 */
function drawCompactOverlay(ctx: Ctx2D, card: RevealCard, width: number, height: number, css: number): void {
  const color = tierColor(card.tier);
  ctx.fillStyle = color;
  roundRect(ctx, width * 0.08, height + 1.5 * css, width * 0.84, 2.5 * css, 1.25 * css);
  ctx.fill();
  ctx.font = font(900, 10 * css);
  ctx.textAlign = "center";
  ctx.textBaseline = "top";
  ctx.shadowColor = "rgba(0,0,0,0.8)";
  ctx.shadowBlur = 2 * css;
  ctx.fillStyle = "#f5f2ff";
  ctx.fillText(`${tierLetter(card.tier)} ${formatCompact(card.points)}`, width / 2, height + 5.5 * css, width * 1.1);
  ctx.shadowColor = "transparent";
  if (card.isNew) {
    ctx.beginPath();
    ctx.arc(width - 1 * css, 1 * css, 4.5 * css, 0, Math.PI * 2);
    ctx.fillStyle = "#ff4d6d";
    ctx.fill();
    ctx.lineWidth = 1.5 * css;
    ctx.strokeStyle = "#ffffff";
    ctx.stroke();
  }
}

/** Gem outline per tier, as RarityBadge.css: circle, rounded square, diamond, hexagon, octagon, star. */
function gemPath(ctx: Ctx2D, tier: Tier, cx: number, cy: number, r: number): void {
  ctx.beginPath();
  const poly = (points: ReadonlyArray<readonly [number, number]>) => {
    points.forEach(([x, y], i) => (i === 0 ? ctx.moveTo(cx + x * r, cy + y * r) : ctx.lineTo(cx + x * r, cy + y * r)));
    ctx.closePath();
  };
  switch (tier) {
    case "Common":
      ctx.arc(cx, cy, r, 0, Math.PI * 2);
      break;
    case "Uncommon":
      ctx.roundRect(cx - r * 0.9, cy - r * 0.9, r * 1.8, r * 1.8, r * 0.35);
      break;
    case "Rare":
      poly([[0, -1.12], [1.12, 0], [0, 1.12], [-1.12, 0]]);
      break;
    case "Epic":
      poly([[-0.5, -0.94], [0.5, -0.94], [1.05, 0], [0.5, 0.94], [-0.5, 0.94], [-1.05, 0]]);
      break;
    case "Legendary":
      poly([[-0.42, -1], [0.42, -1], [1, -0.42], [1, 0.42], [0.42, 1], [-0.42, 1], [-1, 0.42], [-1, -0.42]]);
      break;
    case "Mythic": {
      const pts: [number, number][] = [];
      for (let i = 0; i < 16; i++) {
        const a = (i / 16) * Math.PI * 2 - Math.PI / 2;
        const rr = i % 2 === 0 ? 1.18 : 0.86;
        pts.push([Math.cos(a) * rr, Math.sin(a) * rr]);
      }
      poly(pts);
      break;
    }
  }
}

function drawTierGem(ctx: Ctx2D, tier: Tier, cx: number, cy: number, r: number): void {
  const color = tierColor(tier);
  ctx.save();
  ctx.shadowColor = tier === "Common" ? "rgba(0,0,0,0.6)" : color;
  ctx.shadowBlur = r * (tier === "Common" ? 0.5 : 0.9);
  gemPath(ctx, tier, cx, cy, r + r * 0.16);
  ctx.fillStyle = "#0b0a14";
  ctx.fill();
  ctx.restore();

  gemPath(ctx, tier, cx, cy, r);
  let fill: CanvasGradient;
  if (tier === "Mythic") {
    fill = ctx.createConicGradient(0, cx, cy);
    ["#ff6ad5", "#c774e8", "#94d0ff", "#8affc1", "#fff59d", "#ff6ad5"].forEach((c, i) => fill.addColorStop(i / 5, c));
  } else {
    fill = ctx.createLinearGradient(cx - r, cy - r, cx + r, cy + r);
    fill.addColorStop(0, mixWithWhite(color, 0.55));
    fill.addColorStop(0.55, color);
    fill.addColorStop(1, tier === "Legendary" ? "#b7791f" : mixWithBlack(color, 0.35));
  }
  ctx.fillStyle = fill;
  ctx.fill();
  // Facet highlight.
  ctx.save();
  ctx.clip();
  ctx.fillStyle = "rgba(255,255,255,0.28)";
  ctx.beginPath();
  ctx.ellipse(cx - r * 0.2, cy - r * 0.55, r * 0.9, r * 0.45, -0.35, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();

  ctx.fillStyle = "#0b0a14";
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.font = font(900, r * 1.05);
  ctx.fillText(tierLetter(tier), cx, cy + r * 0.06);
}

function drawNewRibbon(ctx: Ctx2D, width: number, size: number, k: number, gemR: number): void {
  ctx.save();
  ctx.font = font(900, size);
  const text = "NEW!";
  const w = ctx.measureText(text).width + size * 1.3;
  const h = size * 1.65;
  // On the top edge's left, above the card's number (issue 44: it covered it). On a small card
  // the ribbon (never under 10 CSS px of text) would reach the tier gem in the middle of the top
  // edge: it then shrinks to fit beside it.
  const room = width / 2 - gemR * 1.25 - width * 0.02;
  if (w * 0.85 > room) {
    const shrink = Math.max(0.6, room / (w * 0.85));
    ctx.font = font(900, size * shrink);
    return drawNewRibbonAt(ctx, width, size * shrink, k);
  }
  return drawNewRibbonAt(ctx, width, size, k);
}

function drawNewRibbonAt(ctx: Ctx2D, width: number, size: number, k: number): void {
  const text = "NEW!";
  const w = ctx.measureText(text).width + size * 1.3;
  const h = size * 1.65;
  ctx.translate(width * 0.02 + w * 0.15, -h * 0.1);
  ctx.rotate((-8 * Math.PI) / 180);
  ctx.shadowColor = "rgba(0,0,0,0.55)";
  ctx.shadowBlur = 8 * k;
  ctx.shadowOffsetY = 3 * k;
  roundRect(ctx, -w * 0.15, -h / 2, w, h, h * 0.3);
  const g = ctx.createLinearGradient(-w * 0.15, 0, w * 0.85, 0);
  g.addColorStop(0, "#ff4d6d");
  g.addColorStop(1, "#ff8a3d");
  ctx.fillStyle = g;
  ctx.fill();
  ctx.shadowColor = "transparent";
  ctx.strokeStyle = "rgba(255,255,255,0.75)";
  ctx.lineWidth = Math.max(1, 1.5 * k);
  ctx.stroke();
  ctx.fillStyle = "#ffffff";
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(text, -w * 0.15 + w / 2, size * 0.05);
  ctx.restore();
}

/** The card back every card shows before it turns: violet foil stock, gold frame, prism emblem. */
export function drawCardBack(width: number, height: number): HTMLCanvasElement {
  const { canvas, ctx } = makeCanvas(width + 2 * EDGE_MARGIN, height + 2 * EDGE_MARGIN);
  ctx.translate(EDGE_MARGIN, EDGE_MARGIN);
  const k = width / 400;
  const radius = 22 * k;

  roundRect(ctx, 0, 0, width, height, radius);
  const base = ctx.createRadialGradient(width / 2, height * 0.45, 10 * k, width / 2, height / 2, height * 0.7);
  base.addColorStop(0, "#4b2a9a");
  base.addColorStop(0.55, "#22154f");
  base.addColorStop(1, "#0c0820");
  ctx.fillStyle = base;
  ctx.fill();

  const inset = 16 * k;
  const ix = inset;
  const iy = inset;
  const iw = width - 2 * inset;
  const ih = height - 2 * inset;

  // Diamond lattice inside the frame.
  ctx.save();
  roundRect(ctx, ix, iy, iw, ih, radius * 0.7);
  ctx.clip();
  ctx.strokeStyle = "rgba(245,196,81,0.09)";
  ctx.lineWidth = 1.5 * k;
  const step = 26 * k;
  for (let d = -height; d < width + height; d += step) {
    ctx.beginPath();
    ctx.moveTo(d, 0);
    ctx.lineTo(d + height, height);
    ctx.moveTo(d, height);
    ctx.lineTo(d + height, 0);
    ctx.stroke();
  }
  const glow = ctx.createRadialGradient(width / 2, height / 2, 0, width / 2, height / 2, width * 0.55);
  glow.addColorStop(0, "rgba(236,72,153,0.35)");
  glow.addColorStop(1, "rgba(236,72,153,0)");
  ctx.fillStyle = glow;
  ctx.fillRect(0, 0, width, height);
  ctx.restore();

  const gold = ctx.createLinearGradient(0, 0, width, height);
  gold.addColorStop(0, "#fff6d0");
  gold.addColorStop(0.4, "#f5c542");
  gold.addColorStop(0.7, "#c8891b");
  gold.addColorStop(1, "#fff0b3");
  ctx.strokeStyle = gold;
  ctx.lineWidth = 4 * k;
  roundRect(ctx, ix, iy, iw, ih, radius * 0.7);
  ctx.stroke();
  ctx.lineWidth = 1.5 * k;
  roundRect(ctx, ix + 9 * k, iy + 9 * k, iw - 18 * k, ih - 18 * k, radius * 0.5);
  ctx.stroke();

  // Prism emblem: a faceted diamond with the logo's four colours.
  const cx = width / 2;
  const cy = height * 0.46;
  const r = 70 * k;
  const prism = ctx.createLinearGradient(cx - r, cy - r, cx + r, cy + r);
  prism.addColorStop(0, "#22d3ee");
  prism.addColorStop(0.34, "#8b5cf6");
  prism.addColorStop(0.66, "#ec4899");
  prism.addColorStop(1, "#f5c542");
  ctx.save();
  ctx.shadowColor = "rgba(236,72,153,0.8)";
  ctx.shadowBlur = 30 * k;
  ctx.beginPath();
  ctx.moveTo(cx, cy - r * 1.25);
  ctx.lineTo(cx + r, cy);
  ctx.lineTo(cx, cy + r * 1.25);
  ctx.lineTo(cx - r, cy);
  ctx.closePath();
  ctx.fillStyle = prism;
  ctx.fill();
  ctx.restore();
  ctx.beginPath();
  ctx.moveTo(cx, cy - r * 0.78);
  ctx.lineTo(cx + r * 0.62, cy);
  ctx.lineTo(cx, cy + r * 0.78);
  ctx.lineTo(cx - r * 0.62, cy);
  ctx.closePath();
  ctx.fillStyle = "#140d2c";
  ctx.fill();
  ctx.strokeStyle = "rgba(255,255,255,0.5)";
  ctx.lineWidth = 1.5 * k;
  ctx.beginPath();
  ctx.moveTo(cx - r, cy);
  ctx.lineTo(cx + r, cy);
  ctx.moveTo(cx, cy - r * 1.25);
  ctx.lineTo(cx, cy + r * 1.25);
  ctx.stroke();
  ctx.fillStyle = gold;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.font = font(900, 54 * k);
  ctx.fillText("F", cx, cy + 3 * k);

  ctx.font = font(900, 30 * k);
  ctx.letterSpacing = `${Math.round(6 * k)}px`;
  ctx.fillText("FOILBOUND", cx + 3 * k, height * 0.76);
  ctx.letterSpacing = "0px";
  ctx.font = font(700, 14 * k);
  ctx.fillStyle = "rgba(245,196,81,0.7)";
  ctx.fillText("✦  COLLECTOR CARD  ✦", cx, height * 0.82);
  return canvas;
}

function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function mixWithWhite(hex: string, amount: number): string {
  const [r, g, b] = hexToRgb(hex);
  const m = (c: number) => Math.round(c + (255 - c) * amount);
  return `rgb(${m(r)},${m(g)},${m(b)})`;
}

function mixWithBlack(hex: string, amount: number): string {
  const [r, g, b] = hexToRgb(hex);
  const m = (c: number) => Math.round(c * (1 - amount));
  return `rgb(${m(r)},${m(g)},${m(b)})`;
}
