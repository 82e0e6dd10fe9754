/**
 * Card portraits: per-set themes, the deterministic "look" of each character, the card frame
 * and the holo foil overlay. Pure SVG strings; generate-art.ts renders them with sharp.
 */
import { darken, hexToRgb, hsl, lighten, mix } from "./color.ts";
import {
  ART_H,
  ART_W,
  figure,
  figureDefs,
  type EyeStyle,
  type HairStyle,
  type Headwear,
  type Look,
  type Neckline,
  type Neckwear,
  type Pattern,
} from "./figure.ts";
import { emblemIcon, type EmblemKind } from "./icons.ts";
import { createRng, type Rng } from "./rng.ts";
import { sceneFor } from "./scenes.ts";
import type { ArtSet } from "./sets.ts";
import { measureText, textPath } from "./strokeFont.ts";
import { characterName } from "../../../api/src/game/characterNames.ts";

export const CARD_W = 400;
export const CARD_H = 560;
const WIN_X = (CARD_W - ART_W) / 2; // 18
const WIN_Y = 18;

interface SetTheme {
  /** Frame metal: dark, mid, light. */
  frame: [string, string, string];
  /** Trim (plate border, badge rings, text). */
  trim: string;
  /** Accent used inside the scene. */
  accent: string;
  necklines: Neckline[];
  outfits: string[];
  outfitAccents: string[];
  patterns: Pattern[];
  headwear: Headwear[];
  headwearColors: string[];
  neckwear: Neckwear[];
  neckwearColors: string[];
  emblems: EmblemKind[];
  /** Extra hair colours that suit the theme. */
  hairs: string[];
}

const THEMES: Record<number, SetTheme> = {
  1: {
    frame: ["#2a0b1e", "#6d1838", "#c2456e"],
    trim: "#f5c542",
    accent: "#f5c542",
    necklines: ["gown", "gown", "square", "vneck", "turtle", "collar"],
    outfits: ["#6b0f2e", "#1c2a6b", "#0e5a44", "#4b1766", "#1a1a2e", "#7a1f5c"],
    outfitAccents: ["#f5c542", "#e5e7eb", "#f0abfc", "#fcd34d"],
    patterns: ["none", "none", "none", "stars"],
    headwear: ["tiara", "mask", "rose", "feather", "none", "mask"],
    headwearColors: ["#f5c542", "#1b1b2f", "#c81d4e", "#e5e7eb", "#7c3aed"],
    neckwear: ["pearls", "choker", "pendant", "pearls", "none"],
    neckwearColors: ["#f8f4ec", "#c81d4e", "#8b5cf6", "#22d3ee"],
    emblems: ["moon", "rose", "diamond", "mask", "glass", "star"],
    hairs: ["#1c1622", "#7a1630", "#e9d8a6"],
  },
  2: {
    frame: ["#06282c", "#0f5d63", "#47b5a9"],
    trim: "#f4a261",
    accent: "#c2410c",
    necklines: ["kimono", "kimono", "kimono", "crew"],
    outfits: ["#f1f5f9", "#1e3a8a", "#9f1239", "#f9a8d4", "#fde68a", "#0f766e", "#e0e7ff", "#7c2d12"],
    outfitAccents: ["#b91c1c", "#1e3a8a", "#f59e0b", "#0f766e", "#6d28d9"],
    patterns: ["flowers", "waves", "dots", "checks", "none", "flowers"],
    headwear: ["turban", "kanzashi", "flower", "kanzashi", "none", "flower"],
    headwearColors: ["#f8fafc", "#e11d48", "#f59e0b", "#fda4af", "#a7f3d0"],
    neckwear: ["none", "none", "pendant"],
    neckwearColors: ["#f43f5e", "#fbbf24", "#22d3ee"],
    emblems: ["lantern", "wave", "fan", "blossom", "teacup"],
    hairs: ["#1c1622", "#3b2418", "#f08bb8"],
  },
  3: {
    frame: ["#0c2136", "#2f5d86", "#b9e3ff"],
    trim: "#e0f2fe",
    accent: "#bae6fd",
    necklines: ["furcoat", "turtle", "furcoat", "zip", "turtle", "hoodie"],
    outfits: ["#f8fafc", "#1e3a8a", "#9f1239", "#0f766e", "#6b21a8", "#334155", "#be185d", "#0369a1"],
    outfitAccents: ["#f1f5f9", "#e2e8f0", "#fef3c7", "#cbd5e1"],
    patterns: ["knit", "none", "knit", "none", "stripes"],
    headwear: ["earmuffs", "beanie", "furhood", "icecrown", "none", "beanie", "earmuffs"],
    headwearColors: ["#f8fafc", "#ef4444", "#a5b4fc", "#fbcfe8", "#67e8f9", "#fde68a"],
    neckwear: ["scarf", "none", "pendant", "scarf"],
    neckwearColors: ["#dc2626", "#2563eb", "#f472b6", "#facc15", "#14b8a6"],
    emblems: ["snowflake", "pine", "crystal", "star"],
    hairs: ["#eee3c8", "#c9cbd6", "#9ec9ff", "#f4f1f8"],
  },
  4: {
    frame: ["#2b1608", "#7a4318", "#d99a4e"],
    trim: "#f5c542",
    accent: "#f5c542",
    necklines: ["collar", "collar", "vneck", "collar"],
    outfits: ["#b91c1c", "#1e40af", "#f5f5f4", "#854d0e", "#be185d"],
    outfitAccents: ["#f5f5f4", "#1f2937", "#fbbf24", "#7c2d12"],
    patterns: ["plaid", "plaid", "none", "checks", "dots"],
    headwear: ["cowboyhat", "cowboyhat", "cowboyhat", "bandana", "cowboyhat"],
    headwearColors: ["#8b5a2b", "#f5f5f4", "#1f2937", "#c2410c", "#d6a76b"],
    neckwear: ["neckerchief", "neckerchief", "pendant", "none"],
    neckwearColors: ["#dc2626", "#2563eb", "#f59e0b", "#111827"],
    emblems: ["sheriff", "horseshoe", "cactus", "boot", "star"],
    hairs: ["#b85a2a", "#e3c07a", "#6b3f26"],
  },
  5: {
    frame: ["#2a0f2e", "#7b2d6b", "#f0a3d0"],
    trim: "#fbcfe8",
    accent: "#f472b6",
    necklines: ["collar", "hoodie", "crew", "collar", "vneck", "square"],
    outfits: ["#fbcfe8", "#c4b5fd", "#a7f3d0", "#fde68a", "#bfdbfe", "#fecaca", "#f9a8d4", "#e9d5ff", "#99f6e4"],
    outfitAccents: ["#ffffff", "#7c3aed", "#db2777", "#0ea5e9", "#f59e0b"],
    patterns: ["stars", "hearts", "stripes", "dots", "checks", "none", "hearts"],
    headwear: ["sleepmask", "bow", "catears", "headphones", "none", "bow", "sleepmask", "catears"],
    headwearColors: ["#f472b6", "#a78bfa", "#1f2937", "#fde68a", "#fb7185", "#67e8f9"],
    neckwear: ["none", "choker", "pendant", "none"],
    neckwearColors: ["#f472b6", "#a78bfa", "#fbbf24", "#22d3ee"],
    emblems: ["heart", "moonstars", "feather", "candle", "star"],
    hairs: ["#f08bb8", "#b79cf0", "#3cc4c4"],
  },
  6: {
    frame: ["#05303a", "#0e7490", "#7ee7f2"],
    trim: "#fef3c7",
    accent: "#f472b6",
    necklines: ["zip", "collar", "zip", "square", "crew"],
    outfits: ["#f97316", "#ec4899", "#0ea5e9", "#facc15", "#22c55e", "#f43f5e", "#ffffff"],
    outfitAccents: ["#ffffff", "#0f172a", "#fde047", "#0ea5e9"],
    patterns: ["tropical", "none", "stripes", "tropical", "dots"],
    headwear: ["sunglasses", "sunhat", "visor", "flower", "sunglasses", "sunhat"],
    headwearColors: ["#111827", "#fef3c7", "#f472b6", "#fde047", "#f97316"],
    neckwear: ["lei", "none", "whistle", "pendant"],
    neckwearColors: ["#f472b6", "#facc15", "#fb923c", "#22d3ee"],
    emblems: ["wave", "ring", "sun", "palm", "shell"],
    hairs: ["#e3c07a", "#3b2418", "#3cc4c4"],
  },
  7: {
    frame: ["#06111f", "#1e3a5f", "#94a3b8"],
    trim: "#e2e8f0",
    accent: "#ef4444",
    necklines: ["zip", "zip", "collar", "hoodie"],
    outfits: ["#0f172a", "#1e3a8a", "#0e7490", "#334155", "#7f1d1d"],
    outfitAccents: ["#ef4444", "#facc15", "#22d3ee", "#f97316", "#e2e8f0"],
    patterns: ["none", "none", "stripes", "none"],
    headwear: ["divemask", "sharkhood", "captainhat", "bandana", "divemask"],
    headwearColors: ["#f97316", "#64748b", "#1e3a8a", "#ef4444", "#facc15"],
    neckwear: ["toothnecklace", "whistle", "none", "toothnecklace"],
    neckwearColors: ["#f8fafc", "#facc15", "#ef4444"],
    emblems: ["fin", "anchor", "tooth", "trident", "wave"],
    hairs: ["#1c1622", "#c9cbd6", "#3657c9"],
  },
};

const SKINS = ["#f6d7c4", "#efc3a4", "#e2aa86", "#c98b67", "#a86b4c", "#8a5239", "#6b3f2b", "#f3ccb0", "#d79d78", "#b97a56"];
const HAIRS = ["#1c1622", "#3b2418", "#6b3f26", "#8e3b1f", "#b85a2a", "#e3c07a", "#eee3c8", "#c9cbd6", "#f08bb8", "#b79cf0", "#3cc4c4", "#b3202e", "#3657c9", "#2a2a3a"];
const IRISES = ["#5b3a1e", "#2f6f4f", "#3a6ea5", "#7c4a9e", "#8a6a2a", "#2a8a8a", "#6b2f2f"];
const LIPS = ["#c2415d", "#a3334f", "#d9636e", "#b4485e", "#8e2f4a", "#e07a7a", "#9d3c72"];
const SHADOWS = ["#8b5cf6", "#ec4899", "#22d3ee", "#f59e0b", "#a16207", "#be185d", "#6366f1"];
const HAIR_STYLES: HairStyle[] = ["long", "bob", "bun", "ponytail", "waves", "curls", "pixie", "twinbuns", "braid", "updo"];
const HATS: Headwear[] = ["cowboyhat", "sunhat", "beanie", "captainhat"];
const HAT_FRIENDLY: HairStyle[] = ["long", "bob", "waves", "pixie", "braid"];

function shuffled<T>(items: readonly T[], rng: Rng): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

const at = <T>(list: readonly T[], i: number): T => list[i % list.length]!;

/** Euclidean RGB distance (0..441). */
function colorDistance(a: string, b: string): number {
  const [r1, g1, b1] = hexToRgb(a);
  const [r2, g2, b2] = hexToRgb(b);
  return Math.hypot(r1 - r2, g1 - g2, b1 - b2);
}

export interface CharacterArt {
  id: string;
  set: ArtSet;
  /** 1-based number within its set. */
  number: number;
  look: Look;
  emblem: EmblemKind;
  theme: SetTheme;
}

/**
 * The look of a character. Set-level shuffles (seeded by the set prefix) are walked by the
 * character's number, so neighbours in a set never share hair style, skin tone or headwear;
 * the character's own seed sets pose and finer details.
 */
export function characterArt(set: ArtSet, number: number): CharacterArt {
  const id = `${set.prefix}${number}`;
  const theme = THEMES[set.number] ?? THEMES[7]!;
  const srng = createRng(`set:${set.prefix}`);
  const styles = shuffled(HAIR_STYLES, srng);
  const skins = shuffled(SKINS, srng);
  const hairs = shuffled([...theme.hairs, ...HAIRS.filter((h) => !theme.hairs.includes(h))], srng);
  const headwear = shuffled(theme.headwear, srng);
  const necklines = shuffled(theme.necklines, srng);
  const outfits = shuffled(theme.outfits, srng);
  const emblems = shuffled(theme.emblems, srng);
  const i = number - 1;
  const rng = createRng(`character:${id}`);

  const skin = at(skins, i);
  // Hair must stand out from the skin, or short styles read as bald.
  let hairIndex = i;
  while (colorDistance(at(hairs, hairIndex), skin) < 56) hairIndex += 1;
  const hair = at(hairs, hairIndex);
  let hairStyle = at(styles, i);
  const hw = at(headwear, i + Math.floor(i / headwear.length));
  if (HATS.includes(hw) && !HAT_FRIENDLY.includes(hairStyle)) hairStyle = rng.pick(HAT_FRIENDLY);
  const outfit = at(outfits, i + Math.floor(i / outfits.length));
  let outfitAccent = rng.pick(theme.outfitAccents);
  if (outfitAccent === outfit) outfitAccent = darken(outfit, 0.3);
  let pattern = rng.pick(theme.patterns);
  const eyes: EyeStyle = rng.pick(["closed", "lidded", "lidded", "open", "closed"] as const);
  let headwearColor = rng.pick(theme.headwearColors);
  if (hw === "sharkhood") headwearColor = rng.pick(["#64748b", "#475569", "#5b7fa6", "#7c8ea3"]);
  if (hw === "furhood") headwearColor = rng.pick(["#9f1239", "#1e3a8a", "#0f766e", "#6b21a8", "#b45309"]);
  if (headwearColor === outfit) headwearColor = lighten(outfit, 0.3);
  const neckline = at(necklines, i + Math.floor(i / necklines.length));
  if (neckline === "gown" || neckline === "furcoat") pattern = "none";
  const patternColor = mix(outfit, rng.pick([outfitAccent, "#ffffff", "#000000"]), 0.45);
  const look: Look = {
    id: `c${set.number}x${number}`,
    skin,
    hair,
    hairStyle,
    eyes,
    iris: rng.pick(IRISES),
    lips: rng.pick(LIPS),
    shadow: rng.pick(SHADOWS),
    tilt: rng.range(-9, 9),
    turn: rng.range(-0.8, 0.8),
    headDx: rng.range(-10, 10),
    bodyDx: rng.range(-12, 12),
    shoulderTilt: rng.range(-3, 3),
    neckline,
    outfit,
    outfitAccent,
    pattern,
    patternColor,
    headwear: hw,
    headwearColor,
    neckwear: rng.pick(theme.neckwear),
    neckwearColor: rng.pick(theme.neckwearColors),
    earrings: rng.chance(0.5),
    mirror: rng.chance(0.5),
    glow: rng.pick([theme.accent, theme.frame[2], "#ffffff", theme.trim]),
  };
  return { id, set, number, look, emblem: at(emblems, i), theme };
}

const PRISM = ["#22d3ee", "#8b5cf6", "#ec4899", "#f5c542", "#34d399", "#22d3ee"];

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** The whole card as an SVG document (CARD_W x CARD_H). */
export function cardSvg(art: CharacterArt, holo: boolean): string {
  const { look, theme, set } = art;
  const id = look.id + (holo ? "h" : "");
  const scene = sceneFor(set.number, `${id}s`, createRng(`scene:${art.id}`), theme.accent);
  const [fd, fm, fl] = theme.frame;
  const frameFill = holo
    ? `<linearGradient id="${id}-frame" x1="0" y1="0" x2="1" y2="1">${PRISM.map((c, k) => `<stop offset="${(k / (PRISM.length - 1)).toFixed(2)}" stop-color="${c}"/>`).join("")}</linearGradient>`
    : `<linearGradient id="${id}-frame" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${fl}"/><stop offset="0.22" stop-color="${fm}"/><stop offset="0.5" stop-color="${fd}"/><stop offset="0.78" stop-color="${fm}"/><stop offset="1" stop-color="${fl}"/></linearGradient>`;
  const trim = holo ? "#fff7d6" : theme.trim;
  // The character's own name on the plate (issue 44), narrowed to fit the longest; the set and
  // the number below it.
  const name = characterName(art.id).toUpperCase();
  const nameWidth = measureText(name, 0.3) * 17;
  const nameD = textPath(name, { x: CARD_W / 2, y: 510, size: 17, tracking: 0.3, anchor: "middle", widthScale: Math.min(1, 250 / nameWidth) });
  // No finish word on the plate: holo art also serves glitch and dark holo cards, whose finish
  // the game writes on the plate itself (issue 13: glitch cards printed "HOLO").
  const sub = `${set.name} · ${pad2(art.number)} / ${pad2(set.characters)}`.toUpperCase();
  const subD = textPath(sub, { x: CARD_W / 2, y: 532, size: 9, tracking: 0.35, anchor: "middle" });
  const numD = textPath(String(art.number), { x: 47, y: 56, size: 20, tracking: 0.12, anchor: "middle" });
  const plateY = 474;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_W}" height="${CARD_H}" viewBox="0 0 ${CARD_W} ${CARD_H}">
<defs>
  ${frameFill}
  <linearGradient id="${id}-plate" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${darken(fd, 0.2)}"/><stop offset="1" stop-color="${darken(fd, 0.55)}"/></linearGradient>
  <linearGradient id="${id}-text" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${lighten(trim, 0.1)}"/></linearGradient>
  <radialGradient id="${id}-vignette" cx="0.5" cy="0.45" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/></radialGradient>
  <clipPath id="${id}-win"><rect x="0" y="0" width="${ART_W}" height="${ART_H}" rx="12"/></clipPath>
  ${scene.defs}
  ${figureDefs(look)}
  ${holo ? holoDefs(id, art.id) : ""}
</defs>
<rect width="${CARD_W}" height="${CARD_H}" rx="22" fill="url(#${id}-frame)"/>
<rect x="5" y="5" width="${CARD_W - 10}" height="${CARD_H - 10}" rx="18" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="1.5"/>
<rect x="${WIN_X - 4}" y="${WIN_Y - 4}" width="${ART_W + 8}" height="${ART_H + 8}" rx="15" fill="${darken(fd, 0.5)}"/>
<g transform="translate(${WIN_X} ${WIN_Y})" clip-path="url(#${id}-win)">
  ${scene.back}
  ${holo ? `<rect width="${ART_W}" height="${ART_H}" fill="url(#${id}-rb)" opacity="0.6" style="mix-blend-mode:overlay"/><rect width="${ART_W}" height="${ART_H}" fill="url(#${id}-lines)"/>` : ""}
  <g transform="rotate(${look.shoulderTilt.toFixed(2)} ${ART_W / 2} ${ART_H})">${figure(look)}</g>
  ${scene.front}
  <rect width="${ART_W}" height="${ART_H}" fill="url(#${id}-vignette)"/>
  ${holo ? `<rect width="${ART_W}" height="${ART_H}" fill="url(#${id}-glare)" opacity="0.45"/>` : ""}
</g>
<rect x="${WIN_X}" y="${WIN_Y}" width="${ART_W}" height="${ART_H}" rx="12" fill="none" stroke="${trim}" stroke-width="2.5" stroke-opacity="0.9"/>
<rect x="${WIN_X}" y="${plateY}" width="${ART_W}" height="70" rx="12" fill="url(#${id}-plate)" stroke="${trim}" stroke-width="2"/>
<path d="M${WIN_X + 10} ${plateY + 36} h34 M${CARD_W - WIN_X - 10} ${plateY + 36} h-34" stroke="${trim}" stroke-width="1.5" stroke-opacity="0.7"/>
<path d="M${WIN_X + 48} ${plateY + 32} l4 4 l-4 4 l-4 -4z M${CARD_W - WIN_X - 48} ${plateY + 32} l4 4 l-4 4 l-4 -4z" fill="${trim}"/>
<path d="${nameD}" fill="none" stroke="#000" stroke-opacity="0.5" stroke-width="4.2" stroke-linecap="round" stroke-linejoin="round" transform="translate(0 1.5)"/>
<path d="${nameD}" fill="none" stroke="url(#${id}-text)" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/>
<path d="${subD}" fill="none" stroke="${trim}" stroke-opacity="0.9" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round"/>
<circle cx="47" cy="46" r="24" fill="${darken(fd, 0.35)}" stroke="${trim}" stroke-width="2.5"/>
<circle cx="47" cy="46" r="19" fill="none" stroke="${trim}" stroke-opacity="0.4" stroke-width="1"/>
<path d="${numD}" fill="none" stroke="#fff" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round"/>
<circle cx="${CARD_W - 47}" cy="46" r="24" fill="${darken(fd, 0.35)}" stroke="${trim}" stroke-width="2.5"/>
<g transform="translate(${CARD_W - 47} 46) scale(0.82)">${emblemIcon(art.emblem, trim, theme.accent === trim ? fl : theme.accent)}</g>
${holo ? `<path d="M0 22 A22 22 0 0 1 22 0 H${CARD_W - 22} A22 22 0 0 1 ${CARD_W} 22 V${CARD_H - 22} A22 22 0 0 1 ${CARD_W - 22} ${CARD_H} H22 A22 22 0 0 1 0 ${CARD_H - 22}Z M${WIN_X} ${WIN_Y} V${WIN_Y + ART_H} H${WIN_X + ART_W} V${WIN_Y}Z" fill="url(#${id}-lines)" fill-rule="evenodd"/>${holoSparkles(art.id)}` : ""}
</svg>`;
}

/** Defs of the holo foil: a repeating rainbow, a fine line texture and a glare band. */
function holoDefs(id: string, seed: string): string {
  const rng = createRng(`holo:${seed}`);
  const angle = rng.range(20, 70);
  const hue0 = rng.range(0, 360);
  const stops = Array.from({ length: 13 }, (_, k) => `<stop offset="${(k / 12).toFixed(3)}" stop-color="${hsl(hue0 + k * 30, 1, 0.55)}"/>`).join("");
  return `<linearGradient id="${id}-rb" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="240" y2="0" spreadMethod="repeat" gradientTransform="rotate(${angle.toFixed(1)})">${stops}</linearGradient>
  <linearGradient id="${id}-glare" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0.2" stop-color="#fff" stop-opacity="0"/><stop offset="0.42" stop-color="#fff" stop-opacity="0.35"/><stop offset="0.5" stop-color="#fff" stop-opacity="0"/>
    <stop offset="0.66" stop-color="#fff" stop-opacity="0"/><stop offset="0.72" stop-color="#fff" stop-opacity="0.2"/><stop offset="0.78" stop-color="#fff" stop-opacity="0"/>
  </linearGradient>
  <linearGradient id="${id}-lines" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="0" y2="5" spreadMethod="repeat" gradientTransform="rotate(${(-angle).toFixed(1)})">
    <stop offset="0" stop-color="#fff" stop-opacity="0.16"/><stop offset="0.4" stop-color="#fff" stop-opacity="0.16"/><stop offset="0.4" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#fff" stop-opacity="0"/>
  </linearGradient>`;
}

/** Sparkles over a holo card. */
function holoSparkles(seed: string): string {
  const rng = createRng(`sparkle:${seed}`);
  let s = "";
  for (let i = 0; i < 14; i++) {
    const x = rng.chance(0.5) ? rng.range(26, 110) : rng.range(CARD_W - 110, CARD_W - 26);
    const y = rng.range(84, 460);
    const r = rng.range(3, i < 4 ? 12 : 6);
    const k = r * 0.18;
    s += `<path d="M${x.toFixed(1)} ${(y - r).toFixed(1)} Q${(x + k).toFixed(1)} ${(y - k).toFixed(1)} ${(x + r).toFixed(1)} ${y.toFixed(1)} Q${(x + k).toFixed(1)} ${(y + k).toFixed(1)} ${x.toFixed(1)} ${(y + r).toFixed(1)} Q${(x - k).toFixed(1)} ${(y + k).toFixed(1)} ${(x - r).toFixed(1)} ${y.toFixed(1)} Q${(x - k).toFixed(1)} ${(y - k).toFixed(1)} ${x.toFixed(1)} ${(y - r).toFixed(1)}Z" fill="#fff" opacity="${rng.range(0.6, 0.95).toFixed(2)}"/>`;
  }
  return s;
}
