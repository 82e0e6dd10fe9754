import { PRISM_STOPS, THEME, stops } from "./palette.ts";
import { textPath } from "./strokeFont.ts";

/**
 * The Foilbound emblem: a fanned hand of three cards, the front one a prismatic foil card
 * with a gold four-point star. Drawn in a 512 x 512 box centred on (256, 256); `id` prefixes
 * the gradient ids so several emblems can share one SVG document.
 */

/** A four-point star (sparkle) centred on (cx, cy), outer radius r, waist w (0..1). */
export function sparkle(cx: number, cy: number, r: number, w = 0.22): string {
  const k = r * w;
  return (
    `M${cx} ${cy - r}` +
    `C${cx + k * 0.35} ${cy - k} ${cx + k} ${cy - k * 0.35} ${cx + r} ${cy}` +
    `C${cx + k} ${cy + k * 0.35} ${cx + k * 0.35} ${cy + k} ${cx} ${cy + r}` +
    `C${cx - k * 0.35} ${cy + k} ${cx - k} ${cy + k * 0.35} ${cx - r} ${cy}` +
    `C${cx - k} ${cy - k * 0.35} ${cx - k * 0.35} ${cy - k} ${cx} ${cy - r}Z`
  );
}

export function emblemDefs(id: string): string {
  return `
  <linearGradient id="${id}-prism" x1="0" y1="0" x2="1" y2="1">${stops(PRISM_STOPS)}</linearGradient>
  <linearGradient id="${id}-gold" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#fff6d0"/><stop offset="0.45" stop-color="${THEME.gold}"/><stop offset="1" stop-color="#c8891b"/>
  </linearGradient>
  <linearGradient id="${id}-face" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#231a45"/><stop offset="1" stop-color="#0f0c1d"/>
  </linearGradient>
  <linearGradient id="${id}-backL" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#3b2a7a"/><stop offset="1" stop-color="#17112e"/>
  </linearGradient>
  <linearGradient id="${id}-backR" x1="1" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#6b1f4e"/><stop offset="1" stop-color="#1c0f22"/>
  </linearGradient>
  <linearGradient id="${id}-sheen" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${THEME.cyan}" stop-opacity="0"/>
    <stop offset="0.38" stop-color="${THEME.cyan}" stop-opacity="0.28"/>
    <stop offset="0.5" stop-color="#ffffff" stop-opacity="0.45"/>
    <stop offset="0.62" stop-color="${THEME.magenta}" stop-opacity="0.28"/>
    <stop offset="1" stop-color="${THEME.magenta}" stop-opacity="0"/>
  </linearGradient>
  <radialGradient id="${id}-starglow" cx="0.5" cy="0.5" r="0.5">
    <stop offset="0" stop-color="${THEME.gold}" stop-opacity="0.55"/>
    <stop offset="1" stop-color="${THEME.gold}" stop-opacity="0"/>
  </radialGradient>
  <clipPath id="${id}-faceclip"><rect x="-84" y="-122" width="168" height="244" rx="12"/></clipPath>`;
}

/**
 * Emblem body. `detail` false drops the fine lines for tiny sizes (favicon).
 * Coordinates: the front card is 200 x 280, centred on the origin; callers translate/scale.
 */
export function emblemBody(id: string, detail = true): string {
  const back = (angle: number, fill: string, stroke: string) =>
    `<g transform="translate(${Math.sign(angle) * 34} 14) rotate(${angle} 0 150)"><rect x="-96" y="-134" width="192" height="268" rx="18" fill="url(#${id}-${fill})" stroke="${stroke}" stroke-width="5" stroke-opacity="0.9"/>` +
    (detail ? `<rect x="-80" y="-118" width="160" height="236" rx="10" fill="none" stroke="${stroke}" stroke-opacity="0.35" stroke-width="2"/>` : "") +
    `</g>`;
  const front =
    `<rect x="-100" y="-140" width="200" height="280" rx="20" fill="url(#${id}-prism)"/>` +
    `<rect x="-84" y="-122" width="168" height="244" rx="12" fill="url(#${id}-face)"/>` +
    `<g clip-path="url(#${id}-faceclip)">` +
    `<path d="M-160 -40 L40 -240 L110 -240 L-90 -40Z M-120 120 L120 -120 L150 -120 L-90 120Z" fill="url(#${id}-sheen)" opacity="0.9"/>` +
    `<circle cx="0" cy="0" r="110" fill="url(#${id}-starglow)"/>` +
    `</g>` +
    (detail
      ? `<rect x="-72" y="-110" width="144" height="220" rx="8" fill="none" stroke="url(#${id}-gold)" stroke-width="2.5" stroke-opacity="0.75"/>`
      : "") +
    `<path d="${sparkle(0, 0, 78, 0.2)}" fill="url(#${id}-gold)"/>` +
    (detail
      ? `<path d="${sparkle(44, -66, 18, 0.25)}" fill="#fff6d0"/><path d="${sparkle(-46, 70, 13, 0.25)}" fill="${THEME.cyan}"/>`
      : "");
  return (
    back(-15, "backL", THEME.violet) +
    back(15, "backR", THEME.magenta) +
    `<g>${front}</g>`
  );
}

/** The FOILBOUND wordmark as stroked paths (inline deco style: prismatic stroke, dark core). */
export function wordmark(id: string, x: number, baseline: number, size: number, anchor: "start" | "middle" = "start"): string {
  const d = textPath("FOILBOUND", { x, y: baseline, size, tracking: 0.3, anchor });
  const w = size * 0.15;
  return (
    `<path d="${d}" fill="none" stroke="#000" stroke-opacity="0.55" stroke-width="${w * 1.9}" stroke-linecap="round" stroke-linejoin="round" transform="translate(0 ${size * 0.05})"/>` +
    `<path d="${d}" fill="none" stroke="url(#${id}-wordprism)" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<path d="${d}" fill="none" stroke="#fffaf0" stroke-opacity="0.85" stroke-width="${w * 0.28}" stroke-linecap="round" stroke-linejoin="round"/>`
  );
}

export function wordmarkDefs(id: string, x1: number, x2: number): string {
  return `<linearGradient id="${id}-wordprism" gradientUnits="userSpaceOnUse" x1="${x1}" y1="0" x2="${x2}" y2="0">${stops([
    [0, THEME.gold],
    [0.3, THEME.magenta],
    [0.65, THEME.violet],
    [1, THEME.cyan],
  ])}</linearGradient>`;
}
