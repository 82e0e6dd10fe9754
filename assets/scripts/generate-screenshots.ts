/**
 * The web manifest's screenshots (issue 12): the packs screen as a phone and a desktop show it,
 * drawn from the generated pack art and the game's theme, so a browser's richer install dialog
 * shows the game instead of a bare name. Stylised, not captured: the build needs no browser.
 *   screenshots/packs-narrow.png   phone (form_factor narrow)
 *   screenshots/packs-wide.png     desktop (form_factor wide)
 * Sizes come from artManifest SCREENSHOTS, which the manifest declares too.
 * Run alone: npx tsx assets/scripts/generate-screenshots.ts
 */
import sharp, { type OverlayOptions } from "sharp";
import { SETS } from "../../api/src/game/sets.ts";
import { ART_SETS, SCREENSHOTS } from "./artManifest.ts";
import { emblemBody, emblemDefs, sparkle, wordmark, wordmarkDefs } from "./lib/emblem.ts";
import { packSvg, PACK_H, PACK_W } from "./lib/packs.ts";
import { THEME } from "./lib/palette.ts";
import { writeGenerated } from "./lib/paths.ts";
import { isMain } from "./lib/run.ts";
import { measureText, textPath } from "./lib/strokeFont.ts";

type Shot = (typeof SCREENSHOTS)[number];

interface Tile {
  set: number;
  x: number;
  y: number;
  w: number;
}

interface Layout {
  svg: string;
  tiles: Tile[];
}

const NAV = ["PACKS", "COLLECTION", "RANK", "BATTLE", "REWARDS", "TRADING", "STORE"];

/** Monoline text from the art's own stroke font (no system fonts at build time). */
function text(value: string, x: number, y: number, size: number, color: string, anchor: "start" | "middle" | "end" = "start", weight = 0.13): string {
  const d = textPath(value, { x, y, size, tracking: 0.24, anchor });
  return `<path d="${d}" fill="none" stroke="${color}" stroke-width="${(size * weight).toFixed(2)}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

function defs(w: number, h: number, logoX1: number, logoX2: number): string {
  return `<defs>
    ${emblemDefs("s")}${wordmarkDefs("s", logoX1, logoX2)}
    <radialGradient id="glow" cx="0.3" cy="0.05" r="0.9">
      <stop offset="0" stop-color="#2a1a5c"/><stop offset="0.5" stop-color="#140f28"/><stop offset="1" stop-color="${THEME.bg}"/>
    </radialGradient>
    <radialGradient id="glow2" cx="0.95" cy="0.9" r="0.6">
      <stop offset="0" stop-color="${THEME.magenta}" stop-opacity="0.18"/><stop offset="1" stop-color="${THEME.magenta}" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="title" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="${Math.round(w * 0.5)}" y2="0">
      <stop offset="0" stop-color="#ffffff"/><stop offset="0.5" stop-color="#f0d7ff"/><stop offset="1" stop-color="${THEME.gold}"/>
    </linearGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#glow)"/><rect width="${w}" height="${h}" fill="url(#glow2)"/>`;
}

/** The header: emblem and wordmark, then the coin and gem pills at the right edge. */
function header(w: number, s: number): string {
  const h = 64 * s;
  const logoText = 18 * s;
  const pill = (right: number, label: string, icon: string) => {
    const pw = (46 + measureText(label, 0.24) * 14) * s;
    const x = right - pw;
    return {
      x,
      svg:
        `<rect x="${x}" y="${14 * s}" width="${pw}" height="${36 * s}" rx="${18 * s}" fill="#ffffff" fill-opacity="0.06" stroke="#ffffff" stroke-opacity="0.14" stroke-width="${s}"/>` +
        icon.replace(/CX/g, String(x + 18 * s)).replace(/CY/g, String(32 * s)) +
        text(label, x + 34 * s, 39 * s, 14 * s, "#f5f2ff"),
    };
  };
  const gems = pill(w - 16 * s, "5", `<path d="M CX ${20 * s} l${8 * s} ${12 * s} l-${8 * s} ${12 * s} l-${8 * s} -${12 * s}Z" fill="${THEME.violet}"/>`);
  const coins = pill(gems.x - 10 * s, "10", `<circle cx="CX" cy="CY" r="${10 * s}" fill="${THEME.gold}"/><circle cx="CX" cy="CY" r="${5 * s}" fill="none" stroke="#c8891b" stroke-width="${2 * s}"/>`);
  return (
    `<rect width="${w}" height="${h}" fill="${THEME.bg}" fill-opacity="0.85"/><rect y="${h - s}" width="${w}" height="${s}" fill="#ffffff" fill-opacity="0.08"/>` +
    `<g transform="translate(${34 * s} ${32 * s}) scale(${0.09 * s})">${emblemBody("s", true)}</g>` +
    wordmark("s", 62 * s, 32 * s + logoText / 2, logoText) +
    coins.svg +
    gems.svg
  );
}

/** One pack's panel: the art is laid on top later; here the frame, its name and its price in coins. */
function packPanel(tile: Tile, name: string, cost: string, s: number, nameSize: number): string {
  const artH = (tile.w * PACK_H) / PACK_W;
  const h = artH + 64 * s;
  const pillW = 44 * s;
  const pillX = tile.x + tile.w - pillW;
  const mid = tile.y + artH + 24 * s;
  return (
    `<rect x="${tile.x - 8 * s}" y="${tile.y - 8 * s}" width="${tile.w + 16 * s}" height="${h + 8 * s}" rx="${16 * s}" fill="#18142c" fill-opacity="0.8" stroke="#ffffff" stroke-opacity="0.08" stroke-width="${s}"/>` +
    text(name.toUpperCase(), tile.x + 4 * s, mid + nameSize / 2, nameSize, "#f5f2ff") +
    `<rect x="${pillX}" y="${mid - 12 * s}" width="${pillW}" height="${24 * s}" rx="${12 * s}" fill="${THEME.gold}" fill-opacity="0.16"/>` +
    `<circle cx="${pillX + 13 * s}" cy="${mid}" r="${6 * s}" fill="${THEME.gold}"/>` +
    text(cost, pillX + 30 * s, mid + 5.5 * s, 11 * s, THEME.gold, "middle")
  );
}

/** The price on a pack's tile, from the game's one set table. */
function packCost(set: number): string {
  return String(SETS.find((s) => s.id === set)?.packCost ?? "");
}

function title(x: number, y: number, size: number, anchor: "start" | "middle" = "start"): string {
  const d = textPath("CARD PACKS", { x, y, size, tracking: 0.2, anchor });
  return (
    `<path d="${d}" fill="none" stroke="#000" stroke-opacity="0.5" stroke-width="${size * 0.2}" stroke-linecap="round" stroke-linejoin="round" transform="translate(0 ${size * 0.05})"/>` +
    `<path d="${d}" fill="none" stroke="url(#title)" stroke-width="${size * 0.14}" stroke-linecap="round" stroke-linejoin="round"/>`
  );
}

/** A phone: header, title, two columns of packs, the bottom tab bar. Drawn at 2x (390 x 844 CSS px). */
function narrowLayout(shot: Shot): Layout {
  const { width: w, height: h } = shot;
  const s = w / 390;
  const gap = 16 * s;
  const tileW = (w - 2 * 20 * s - gap - 32 * s) / 2;
  const tiles: Tile[] = [];
  const top = 200 * s;
  const rowH = (tileW * PACK_H) / PACK_W + 64 * s + 20 * s;
  ART_SETS.slice(0, 6).forEach((set, i) => {
    tiles.push({ set: set.number, x: 28 * s + (i % 2) * (tileW + gap + 16 * s), y: top + Math.floor(i / 2) * rowH, w: tileW });
  });
  const barH = 72 * s;
  const tabs = ["PACKS", "COLLECTION", "RANK", "BATTLE", "REWARDS"];
  const tabW = w / tabs.length;
  const bar =
    `<rect y="${h - barH}" width="${w}" height="${barH}" fill="#0e0c1c"/><rect y="${h - barH}" width="${w}" height="${s}" fill="#ffffff" fill-opacity="0.1"/>` +
    tabs
      .map((tab, i) => {
        const cx = tabW * i + tabW / 2;
        const on = i === 0;
        return (
          `<path d="${sparkle(cx, h - barH + 24 * s, 10 * s, 0.3)}" fill="${on ? THEME.gold : "#6f6892"}"/>` +
          text(tab, cx, h - barH + 54 * s, 7 * s, on ? THEME.gold : "#918ab3", "middle", 0.16)
        );
      })
      .join("");
  const svg = [
    defs(w, h, 62 * s, 62 * s + measureText("FOILBOUND", 0.3) * 18 * s),
    tiles.map((t) => packPanel(t, ART_SETS[t.set - 1]!.name, packCost(t.set), s, 9 * s)).join(""),
    header(w, s),
    title(24 * s, 124 * s, 30 * s),
    text("THREE CARDS  ·  HOLO  ·  GLITCH  ·  DARK HOLO", 24 * s, 160 * s, 9 * s, "#bdb6db"),
    bar,
  ].join("");
  return { svg, tiles };
}

/** A desktop: header, the tabs under it, title, four columns of packs (the second row scrolled off). */
function wideLayout(shot: Shot): Layout {
  const { width: w, height: h } = shot;
  const s = w / 1440;
  const content = 1216 * s;
  const left = (w - content) / 2;
  const gap = 28 * s;
  const tileW = (content - 3 * gap - 4 * 16 * s) / 4;
  const top = 250 * s;
  const rowH = (tileW * PACK_H) / PACK_W + 64 * s + 32 * s;
  const tiles: Tile[] = ART_SETS.map((set, i) => ({ set: set.number, x: left + 8 * s + (i % 4) * (tileW + gap + 16 * s), y: top + Math.floor(i / 4) * rowH, w: tileW }));
  let x = left;
  const tabs = NAV.map((tab, i) => {
    const size = 13 * s;
    const tw = measureText(tab, 0.24) * size;
    const on = i === 0;
    const out =
      (on ? `<rect x="${x - 14 * s}" y="${76 * s}" width="${tw + 28 * s}" height="${36 * s}" rx="${18 * s}" fill="${THEME.violet}" fill-opacity="0.22"/>` : "") +
      text(tab, x, 100 * s, size, on ? "#ffffff" : "#918ab3", "start", 0.14);
    x += tw + 48 * s;
    return out;
  }).join("");
  const svg = [
    defs(w, h, 62 * s, 62 * s + measureText("FOILBOUND", 0.3) * 18 * s),
    tiles.map((t) => packPanel(t, ART_SETS[t.set - 1]!.name, packCost(t.set), s, 12 * s)).join(""),
    `<rect y="${64 * s}" width="${w}" height="${60 * s}" fill="${THEME.bg}" fill-opacity="0.7"/>`,
    tabs,
    header(w, s),
    title(left, 190 * s, 34 * s),
    text("THREE CARDS  ·  HOLO  ·  GLITCH  ·  DARK HOLO", left, 226 * s, 10 * s, "#bdb6db"),
  ].join("");
  return { svg, tiles };
}

async function render(shot: Shot, packs: Map<number, Buffer>): Promise<Buffer> {
  const layout = shot.formFactor === "narrow" ? narrowLayout(shot) : wideLayout(shot);
  const doc = `<svg xmlns="http://www.w3.org/2000/svg" width="${shot.width}" height="${shot.height}" viewBox="0 0 ${shot.width} ${shot.height}">${layout.svg}</svg>`;
  // Packs first, then the page's fixed bars over them (a tile running under the tab bar is scrolled).
  const base = await sharp(Buffer.from(doc)).png().toBuffer();
  const composites: OverlayOptions[] = [];
  for (const tile of layout.tiles) {
    const w = Math.round(tile.w);
    const h = Math.round((tile.w * PACK_H) / PACK_W);
    const top = Math.round(tile.y);
    if (top >= shot.height) continue;
    let art = await sharp(packs.get(tile.set)!).resize(w, h).png().toBuffer();
    // A tile cut by the bottom edge (the desktop's second row): keep the part on screen.
    if (top + h > shot.height) art = await sharp(art).extract({ left: 0, top: 0, width: w, height: shot.height - top }).png().toBuffer();
    composites.push({ input: art, left: Math.round(tile.x), top });
  }
  let out = sharp(base).composite(composites);
  if (shot.formFactor === "narrow") {
    // The tab bar and the header stay on top of the scrolled packs.
    const bars = await sharp(Buffer.from(doc)).extract({ left: 0, top: shot.height - Math.round((72 * shot.width) / 390), width: shot.width, height: Math.round((72 * shot.width) / 390) }).png().toBuffer();
    out = sharp(await out.png().toBuffer()).composite([{ input: bars, left: 0, top: shot.height - Math.round((72 * shot.width) / 390) }]);
  }
  return out.png({ compressionLevel: 9, palette: true, quality: 90, effort: 6 }).toBuffer();
}

export async function generateScreenshots(): Promise<{ files: string[]; bytes: number }> {
  const packs = new Map<number, Buffer>();
  for (const set of ART_SETS) packs.set(set.number, await sharp(Buffer.from(packSvg(set))).png().toBuffer());
  let bytes = 0;
  for (const shot of SCREENSHOTS) {
    const data = await render(shot, packs);
    const meta = await sharp(data).metadata();
    if (meta.width !== shot.width || meta.height !== shot.height) throw new Error(`${shot.file} came out ${meta.width}x${meta.height}`);
    await writeGenerated(shot.file, data);
    bytes += data.length;
  }
  return { files: SCREENSHOTS.map((s) => s.file), bytes };
}

if (isMain(import.meta.url)) {
  const { files, bytes } = await generateScreenshots();
  console.log(`screenshots: wrote ${files.length} files, ${(bytes / 1024).toFixed(0)} kB`);
}
