/**
 * Booster pack wrappers, one per set (400 x 600, transparent outside the foil): crimped
 * ends, the set's rarest character in its scene, the set name and the Foilbound mark.
 */
import { characterArt } from "./cardArt.ts";
import { darken, lighten } from "./color.ts";
import { emblemBody, emblemDefs } from "./emblem.ts";
import { ART_H, ART_W, figure, figureDefs } from "./figure.ts";
import { emblemIcon, type EmblemKind } from "./icons.ts";
import { createRng } from "./rng.ts";
import { sceneFor } from "./scenes.ts";
import type { ArtSet } from "./sets.ts";
import { measureText, textPath } from "./strokeFont.ts";

export const PACK_W = 400;
export const PACK_H = 600;

const SET_EMBLEM: Record<number, EmblemKind> = {
  1: "moon",
  2: "lantern",
  3: "snowflake",
  4: "sheriff",
  5: "heart",
  6: "ring",
  7: "fin",
};

function crimp(y0: number, y1: number, x0: number, x1: number, teeth: number, top: boolean): string {
  // Zig-zag edge on the outer side.
  const step = (x1 - x0) / teeth;
  let d = top ? `M${x0} ${y1} V${y0 + 6}` : `M${x0} ${y0} V${y1 - 6}`;
  for (let i = 0; i < teeth; i++) {
    const xa = x0 + i * step + step / 2;
    const xb = x0 + (i + 1) * step;
    d += top ? ` L${xa.toFixed(1)} ${y0} L${xb.toFixed(1)} ${y0 + 6}` : ` L${xa.toFixed(1)} ${y1} L${xb.toFixed(1)} ${y1 - 6}`;
  }
  d += top ? ` V${y1}Z` : ` V${y0}Z`;
  return d;
}

export function packSvg(set: ArtSet): string {
  const art = characterArt(set, set.characters);
  const { theme, look } = art;
  const id = `p${set.number}`;
  const scene = sceneFor(set.number, `${id}s`, createRng(`packscene:${set.prefix}`), theme.accent);
  const [fd, fm, fl] = theme.frame;
  const x0 = 24;
  const x1 = PACK_W - 24;
  const bodyTop = 52;
  const bodyBot = PACK_H - 52;
  const win = { x: 44, y: 100, w: PACK_W - 88, h: 318 };
  const scale = win.w / ART_W;
  const nameSize = set.name.length > 10 ? 27 : 31;
  const tracking = 0.2;
  const nameW = measureText(set.name, tracking) * nameSize;
  const nameFit = Math.min(1, (win.w - 10) / nameW);
  const nameD = textPath(set.name, { x: PACK_W / 2, y: 486, size: nameSize * nameFit, tracking, anchor: "middle" });
  const subD = textPath(`SET ${set.number}  ·  3 CARDS`, { x: PACK_W / 2, y: 514, size: 11, tracking: 0.35, anchor: "middle" });
  const brandD = textPath("FOILBOUND", { x: PACK_W / 2 + 14, y: 84, size: 15, tracking: 0.4, anchor: "middle" });
  const brandW = measureText("FOILBOUND", 0.4) * 15;
  const body = `M${x0} ${bodyTop} H${x1} V${bodyBot} H${x0}Z`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PACK_W}" height="${PACK_H}" viewBox="0 0 ${PACK_W} ${PACK_H}">
<defs>
  <linearGradient id="${id}-foil" x1="0" y1="0" x2="1" y2="0.3">
    <stop offset="0" stop-color="${darken(fd, 0.2)}"/><stop offset="0.18" stop-color="${fm}"/><stop offset="0.32" stop-color="${lighten(fl, 0.3)}"/>
    <stop offset="0.5" stop-color="${fm}"/><stop offset="0.8" stop-color="${darken(fd, 0.1)}"/><stop offset="1" stop-color="${fm}"/>
  </linearGradient>
  <linearGradient id="${id}-crimp" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="${darken(fm, 0.3)}"/><stop offset="0.3" stop-color="${lighten(fl, 0.4)}"/><stop offset="0.6" stop-color="${fm}"/><stop offset="1" stop-color="${lighten(fl, 0.2)}"/>
  </linearGradient>
  <linearGradient id="${id}-glare" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0.15" stop-color="#fff" stop-opacity="0"/><stop offset="0.3" stop-color="#fff" stop-opacity="0.3"/><stop offset="0.4" stop-color="#fff" stop-opacity="0"/>
    <stop offset="0.62" stop-color="#fff" stop-opacity="0"/><stop offset="0.68" stop-color="#fff" stop-opacity="0.18"/><stop offset="0.74" stop-color="#fff" stop-opacity="0"/>
  </linearGradient>
  <linearGradient id="${id}-text" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="${theme.trim}"/></linearGradient>
  <linearGradient id="${id}-wordprism" gradientUnits="userSpaceOnUse" x1="${PACK_W / 2 - brandW / 2}" y1="0" x2="${PACK_W / 2 + brandW / 2 + 14}" y2="0"><stop offset="0" stop-color="#f5c542"/><stop offset="0.35" stop-color="#ec4899"/><stop offset="0.7" stop-color="#8b5cf6"/><stop offset="1" stop-color="#22d3ee"/></linearGradient>
  <clipPath id="${id}-win"><rect width="${ART_W}" height="${(win.h / scale).toFixed(1)}" rx="14"/></clipPath>
  <clipPath id="${id}-body"><path d="${body}"/></clipPath>
  <pattern id="${id}-ridges" width="${PACK_W}" height="4" patternUnits="userSpaceOnUse"><rect width="${PACK_W}" height="2" fill="#000" opacity="0.18"/></pattern>
  ${scene.defs}
  ${figureDefs(look)}
  ${emblemDefs(`${id}e`)}
</defs>
<path d="${crimp(8, bodyTop + 2, x0, x1, 24, true)}" fill="url(#${id}-crimp)"/>
<rect x="${x0}" y="${14}" width="${x1 - x0}" height="${bodyTop - 14}" fill="url(#${id}-ridges)"/>
<path d="${crimp(bodyBot - 2, PACK_H - 8, x0, x1, 24, false)}" fill="url(#${id}-crimp)"/>
<rect x="${x0}" y="${bodyBot}" width="${x1 - x0}" height="${PACK_H - 14 - bodyBot}" fill="url(#${id}-ridges)"/>
<path d="${body}" fill="url(#${id}-foil)"/>
<g clip-path="url(#${id}-body)">
  <path d="M${x0} ${bodyTop} L${x0 + 16} ${bodyTop + 40} V${bodyBot - 40} L${x0} ${bodyBot}Z M${x1} ${bodyTop} L${x1 - 16} ${bodyTop + 40} V${bodyBot - 40} L${x1} ${bodyBot}Z" fill="#000" opacity="0.18"/>
</g>
<g transform="translate(${PACK_W / 2 - brandW / 2 - 12} 76) scale(0.075)">${emblemBody(`${id}e`, false)}</g>
<path d="${brandD}" fill="none" stroke="url(#${id}-wordprism)" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/>
<rect x="${win.x - 5}" y="${win.y - 5}" width="${win.w + 10}" height="${win.h + 10}" rx="16" fill="${darken(fd, 0.45)}" stroke="${theme.trim}" stroke-width="2.5"/>
<g transform="translate(${win.x} ${win.y}) scale(${scale.toFixed(4)})">
  <g clip-path="url(#${id}-win)">
    <g transform="translate(0 ${(-Math.min(56, ART_H - win.h / scale)).toFixed(1)})">
    ${scene.back}
    ${figure(look)}
    ${scene.front}
    </g>
  </g>
</g>
<circle cx="${PACK_W / 2}" cy="${win.y + win.h + 4}" r="26" fill="${darken(fd, 0.35)}" stroke="${theme.trim}" stroke-width="3"/>
<g transform="translate(${PACK_W / 2} ${win.y + win.h + 4}) scale(0.95)">${emblemIcon(SET_EMBLEM[set.number] ?? "star", theme.trim, theme.accent === theme.trim ? fl : theme.accent)}</g>
<path d="${nameD}" fill="none" stroke="#000" stroke-opacity="0.55" stroke-width="${(nameSize * nameFit * 0.24).toFixed(2)}" stroke-linecap="round" stroke-linejoin="round" transform="translate(0 2)"/>
<path d="${nameD}" fill="none" stroke="url(#${id}-text)" stroke-width="${(nameSize * nameFit * 0.14).toFixed(2)}" stroke-linecap="round" stroke-linejoin="round"/>
<path d="${subD}" fill="none" stroke="${theme.trim}" stroke-width="1.7" stroke-linecap="round" stroke-linejoin="round"/>
<g clip-path="url(#${id}-body)"><rect x="0" y="0" width="${PACK_W}" height="${PACK_H}" fill="url(#${id}-glare)"/></g>
<path d="M${x0} ${bodyTop} H${x1} M${x0} ${bodyBot} H${x1}" stroke="#fff" stroke-opacity="0.5" stroke-width="1.5"/>
</svg>`;
}
