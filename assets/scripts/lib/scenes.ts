/**
 * Themed backdrops of the seven sets, drawn in the card's art window (364 x 446). Each takes a
 * seeded Rng so every character gets its own arrangement (moon position, lantern colours...).
 */
import { darken, hsl, lighten, mix } from "./color.ts";
import type { Rng } from "./rng.ts";
import { ART_H, ART_W } from "./figure.ts";

const W = ART_W;
const H = ART_H;

const r1 = (n: number) => (Math.round(n * 10) / 10).toString();

export interface Scene {
  defs: string;
  /** Behind the figure. */
  back: string;
  /** In front of the figure (props, steam, snow). */
  front: string;
}

function stars(rng: Rng, n: number, maxY: number, color = "#fff"): string {
  let out = "";
  for (let i = 0; i < n; i++) {
    const x = rng.range(0, W);
    const y = rng.range(0, maxY);
    const r = rng.range(0.5, 1.8);
    out += `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(r)}" fill="${color}" opacity="${r1(rng.range(0.35, 1))}"/>`;
  }
  return out;
}

function twinkle(x: number, y: number, r: number, color: string): string {
  const k = r * 0.22;
  return `<path d="M${r1(x)} ${r1(y - r)} Q${r1(x + k)} ${r1(y - k)} ${r1(x + r)} ${r1(y)} Q${r1(x + k)} ${r1(y + k)} ${r1(x)} ${r1(y + r)} Q${r1(x - k)} ${r1(y + k)} ${r1(x - r)} ${r1(y)} Q${r1(x - k)} ${r1(y - k)} ${r1(x)} ${r1(y - r)}Z" fill="${color}"/>`;
}

/** An x position away from the face column, so front-layer props never cover the face. */
function sideX(rng: Rng, margin = 12): number {
  return rng.chance(0.5) ? rng.range(margin, 92) : rng.range(W - 92, W - margin);
}

/**
 * A soft round glow drawn with a radial gradient rather than a blur filter (filters are the slow
 * part of rendering). Gradient ids repeat per colour; duplicates are identical, so that is harmless.
 */
function glow(id: string, cx: number, cy: number, rx: number, ry: number, color: string, opacity: number): string {
  const gid = `${id}-gl${color.replace("#", "")}`;
  return (
    `<defs><radialGradient id="${gid}"><stop offset="0" stop-color="${color}"/><stop offset="0.4" stop-color="${color}" stop-opacity="0.5"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient></defs>` +
    `<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(rx)}" ry="${r1(ry)}" fill="url(#${gid})" opacity="${r1(opacity)}"/>`
  );
}

function glowDefs(id: string): string {
  return `<filter id="${id}-glow" x="-100%" y="-100%" width="300%" height="300%"><feGaussianBlur stdDeviation="10"/></filter>
  <filter id="${id}-blur4" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="4"/></filter>
  <filter id="${id}-steam" x="-100%" y="-50%" width="300%" height="200%"><feGaussianBlur stdDeviation="7"/></filter>
  <filter id="${id}-blur2" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="2"/></filter>`;
}

// ------------------------------------------------------------------ 1 Velvet Night
function velvetNight(id: string, rng: Rng, accent: string): Scene {
  const hue = rng.range(250, 300);
  const top = hsl(hue, 0.55, 0.07);
  const mid = hsl(hue + 10, 0.5, 0.17);
  const low = hsl(hue + 40, 0.45, 0.24);
  const moonX = rng.pick([70, 96, 268, 294]);
  const moonY = rng.range(70, 110);
  const moonR = rng.range(38, 52);
  const curtain = rng.pick(["#7a1230", "#4c1a6b", "#14385e", "#0f5140", "#6a1248"]);
  const fold = (x0: number, dir: number) => {
    let d = `M${x0} 0`;
    const w = 86;
    d += ` L${x0 + dir * w} 0 C${x0 + dir * (w - 10)} 120 ${x0 + dir * (w - 40)} 200 ${x0 + dir * 26} 250 C${x0 + dir * 40} 320 ${x0 + dir * 46} 400 ${x0 + dir * 40} ${H} L${x0} ${H}Z`;
    return d;
  };
  const foldLines = (x0: number, dir: number) =>
    [18, 38, 58].map((o) => `<path d="M${x0 + dir * o} 0 C${x0 + dir * (o - 4)} 120 ${x0 + dir * (o - 14)} 200 ${x0 + dir * o * 0.4} 250" stroke="#000" stroke-opacity="0.25" stroke-width="6" fill="none"/>`).join("");
  let skyline = "";
  let x = 0;
  while (x < W) {
    const w = rng.range(22, 46);
    const h = rng.range(40, 120);
    skyline += `<rect x="${r1(x)}" y="${r1(H - 70 - h)}" width="${r1(w)}" height="${r1(h + 70)}" fill="${darken(top, 0.3)}"/>`;
    for (let i = 0; i < 4; i++) {
      if (rng.chance(0.5)) skyline += `<rect x="${r1(x + rng.range(4, w - 8))}" y="${r1(H - 70 - h + rng.range(8, h))}" width="3" height="4" fill="#f5c542" opacity="0.7"/>`;
    }
    x += w + rng.range(0, 6);
  }
  return {
    defs:
      glowDefs(id) +
      `<linearGradient id="${id}-sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="0.6" stop-color="${mid}"/><stop offset="1" stop-color="${low}"/></linearGradient>
      <radialGradient id="${id}-moon" cx="0.4" cy="0.4" r="0.6"><stop offset="0" stop-color="#fffbe8"/><stop offset="1" stop-color="#f3d9a4"/></radialGradient>
      <linearGradient id="${id}-curtain" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${darken(curtain, 0.4)}"/><stop offset="0.5" stop-color="${lighten(curtain, 0.12)}"/><stop offset="1" stop-color="${darken(curtain, 0.5)}"/></linearGradient>`,
    back:
      `<rect width="${W}" height="${H}" fill="url(#${id}-sky)"/>` +
      stars(rng, 70, 300) +
      glow(id, moonX, moonY, moonR * 2.2, moonR * 2.2, "#fbe7b5", 0.35) +
      `<circle cx="${r1(moonX)}" cy="${r1(moonY)}" r="${r1(moonR)}" fill="url(#${id}-moon)"/>` +
      `<circle cx="${r1(moonX - moonR * 0.3)}" cy="${r1(moonY + moonR * 0.2)}" r="${r1(moonR * 0.18)}" fill="#e9cf98" opacity="0.6"/><circle cx="${r1(moonX + moonR * 0.35)}" cy="${r1(moonY - moonR * 0.25)}" r="${r1(moonR * 0.1)}" fill="#e9cf98" opacity="0.6"/>` +
      skyline +
      `<path d="${fold(0, 1)}" fill="url(#${id}-curtain)"/>${foldLines(0, 1)}` +
      `<path d="${fold(W, -1)}" fill="url(#${id}-curtain)"/>${foldLines(W, -1)}` +
      `<path d="M0 0 H${W} V26 ${Array.from({ length: 8 }, (_, i) => `Q${r1(W - (i + 0.5) * (W / 8))} 52 ${r1(W - (i + 1) * (W / 8))} 26`).join(" ")}Z" fill="url(#${id}-curtain)"/>` +
      `<path d="M0 26 ${Array.from({ length: 8 }, (_, i) => `Q${r1((i + 0.5) * (W / 8))} 52 ${r1((i + 1) * (W / 8))} 26`).join(" ")}" fill="none" stroke="${accent}" stroke-width="3"/>` +
      `<circle cx="30" cy="252" r="7" fill="${accent}"/><circle cx="${W - 30}" cy="252" r="7" fill="${accent}"/>` +
      Array.from({ length: 5 }, () => twinkle(rng.range(20, W - 20), rng.range(40, 260), rng.range(4, 9), "#fff6d8")).join(""),
    front: Array.from({ length: 3 }, () => twinkle(sideX(rng, 30), rng.range(60, 300), rng.range(4, 8), "#fff6d8")).join(""),
  };
}

// ------------------------------------------------------------------ 2 Bathhouse
function bathhouse(id: string, rng: Rng, accent: string): Scene {
  const wall = rng.pick(["#0f4c5c", "#134e4a", "#1e3a5f", "#3b3355", "#4a2f3a"]);
  const wood = rng.pick(["#7a4a2a", "#5c3a24", "#8a5a34"]);
  const tile = 30;
  let lanterns = "";
  const nL = rng.int(2, 3);
  for (let i = 0; i < nL; i++) {
    const x = nL === 2 ? [60, W - 60][i]! : [46, W / 2 + rng.range(-20, 20), W - 46][i]!;
    const y = rng.range(70, 120) + (i === 1 && nL === 3 ? -30 : 0);
    const c = rng.pick(["#e63946", "#f4a261", "#e76f51", "#ffb703", "#d62828"]);
    lanterns +=
      `<line x1="${r1(x)}" y1="0" x2="${r1(x)}" y2="${r1(y - 34)}" stroke="#2b1a10" stroke-width="2"/>` +
      glow(id, x, y, 62, 70, c, 0.55) +
      `<rect x="${r1(x - 14)}" y="${r1(y - 38)}" width="28" height="8" rx="2" fill="#1d1410"/>` +
      `<rect x="${r1(x - 14)}" y="${r1(y + 30)}" width="28" height="8" rx="2" fill="#1d1410"/>` +
      `<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="26" ry="32" fill="${c}"/>` +
      `<ellipse cx="${r1(x - 6)}" cy="${r1(y - 6)}" rx="12" ry="18" fill="#fff3c4" opacity="0.45"/>` +
      [-20, -8, 4, 16].map((dy) => `<path d="M${r1(x - 25)} ${r1(y + dy)} Q${r1(x)} ${r1(y + dy + 5)} ${r1(x + 25)} ${r1(y + dy)}" stroke="#7a1a1a" stroke-opacity="0.5" stroke-width="1.4" fill="none"/>`).join("") +
      `<path d="M${r1(x)} ${r1(y + 38)} V${r1(y + 56)}" stroke="${accent}" stroke-width="3"/>`;
  }
  let steam = "";
  for (let i = 0; i < 6; i++) {
    const x = sideX(rng, 10);
    const y = rng.range(300, H + 20);
    const a = rng.range(10, 22) * (rng.chance(0.5) ? 1 : -1);
    steam += `<path d="M${r1(x)} ${r1(y)} c${r1(a)} -24 ${r1(-a)} -44 0 -70 c${r1(a)} -26 ${r1(-a * 0.6)} -46 ${r1(a * 0.4)} -74 c${r1(a * 0.5)} -18 ${r1(-a * 0.3)} -30 0 -44" stroke="#fff" stroke-width="${r1(rng.range(10, 18))}" stroke-linecap="round" fill="none" opacity="${r1(rng.range(0.1, 0.18))}" filter="url(#${id}-steam)"/>`;
  }
  return {
    defs:
      glowDefs(id) +
      `<pattern id="${id}-tiles" width="${tile}" height="${tile}" patternUnits="userSpaceOnUse"><rect width="${tile}" height="${tile}" fill="${wall}"/><rect x="1.5" y="1.5" width="${tile - 3}" height="${tile - 3}" rx="3" fill="${lighten(wall, 0.1)}"/><rect x="4" y="4" width="10" height="3" rx="1.5" fill="#fff" opacity="0.15"/></pattern>
      <linearGradient id="${id}-fade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.35"/><stop offset="0.5" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#fff" stop-opacity="0.1"/></linearGradient>`,
    back:
      `<rect width="${W}" height="${H}" fill="url(#${id}-tiles)"/>` +
      `<rect width="${W}" height="${H}" fill="url(#${id}-fade)"/>` +
      `<rect y="330" width="${W}" height="${H - 330}" fill="${wood}"/>` +
      Array.from({ length: 9 }, (_, i) => `<rect x="${i * 42}" y="330" width="2" height="${H - 330}" fill="#000" opacity="0.25"/>`).join("") +
      `<rect y="324" width="${W}" height="10" fill="${darken(wood, 0.3)}"/>` +
      // noren curtain
      `<path d="M0 0 H${W} V44 H0Z" fill="${accent}"/>` +
      Array.from({ length: 4 }, (_, i) => `<rect x="${r1((i + 1) * (W / 5) - 2)}" y="0" width="4" height="44" fill="#000" opacity="0.3"/>`).join("") +
      `<path d="M0 6 H${W}" stroke="#fff" stroke-opacity="0.25" stroke-width="2"/>` +
      lanterns,
    front: steam,
  };
}

// ------------------------------------------------------------------ 3 Winterlust
function snowflake(x: number, y: number, r: number, rot: number, color: string, op: number): string {
  let d = "";
  for (let i = 0; i < 6; i++) {
    const a = (i * Math.PI) / 3 + rot;
    const cx = Math.cos(a);
    const sy = Math.sin(a);
    d += `M${r1(x)} ${r1(y)} L${r1(x + cx * r)} ${r1(y + sy * r)} `;
    const bx = x + cx * r * 0.55;
    const by = y + sy * r * 0.55;
    for (const s of [0.6, -0.6]) d += `M${r1(bx)} ${r1(by)} L${r1(bx + Math.cos(a + s) * r * 0.35)} ${r1(by + Math.sin(a + s) * r * 0.35)} `;
  }
  return `<path d="${d}" stroke="${color}" stroke-width="${r1(Math.max(1, r / 8))}" stroke-linecap="round" opacity="${r1(op)}"/>`;
}

function winterlust(id: string, rng: Rng, accent: string): Scene {
  const hue = rng.range(195, 235);
  const top = hsl(hue + 20, 0.6, 0.12);
  const mid = hsl(hue, 0.55, 0.3);
  const low = hsl(hue - 10, 0.5, 0.62);
  const aur = rng.pick(["#34d399", "#a78bfa", "#22d3ee", "#f472b6"]);
  let aurora = "";
  for (let i = 0; i < 3; i++) {
    const y = 60 + i * 34 + rng.range(-10, 10);
    aurora += `<path d="M-20 ${r1(y)} C80 ${r1(y - 60)} 160 ${r1(y + 40)} 240 ${r1(y - 20)} S360 ${r1(y - 40)} 400 ${r1(y)}" stroke="${i === 1 ? mix(aur, "#fff", 0.3) : aur}" stroke-width="${22 - i * 5}" fill="none" opacity="${0.35 - i * 0.07}" filter="url(#${id}-blur4)"/>`;
  }
  let pines = "";
  for (let i = 0; i < 9; i++) {
    const x = rng.range(-10, W + 10);
    const h = rng.range(60, 120);
    const base = 330 + rng.range(-10, 20);
    pines += `<path d="M${r1(x)} ${r1(base - h)} L${r1(x + h * 0.28)} ${r1(base)} H${r1(x - h * 0.28)}Z" fill="${mix(mid, top, 0.5)}" opacity="0.85"/>`;
  }
  let flakes = "";
  for (let i = 0; i < 7; i++) flakes += snowflake(sideX(rng), rng.range(20, H - 20), rng.range(6, 16), rng.range(0, 1), "#ffffff", rng.range(0.5, 0.95));
  let snow = "";
  for (let i = 0; i < 60; i++) snow += `<circle cx="${r1(i % 3 === 0 ? rng.range(0, W) : sideX(rng, 0))}" cy="${r1(rng.range(0, H))}" r="${r1(rng.range(0.8, 2.6))}" fill="#fff" opacity="${r1(rng.range(0.4, 0.9))}"/>`;
  const shard = (x: number, h: number, lean: number) =>
    `<path d="M${r1(x - 16)} ${H} L${r1(x + lean)} ${r1(H - h)} L${r1(x + 16)} ${H}Z" fill="url(#${id}-ice)" opacity="0.9"/><path d="M${r1(x + lean)} ${r1(H - h)} L${r1(x + 2)} ${H}" stroke="#fff" stroke-opacity="0.6" stroke-width="1.5"/>`;
  return {
    defs:
      glowDefs(id) +
      `<linearGradient id="${id}-sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="0.55" stop-color="${mid}"/><stop offset="1" stop-color="${low}"/></linearGradient>
      <linearGradient id="${id}-ice" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f0fdff"/><stop offset="0.5" stop-color="#a5f3fc"/><stop offset="1" stop-color="#3b82c4"/></linearGradient>
      <linearGradient id="${id}-snowfield" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#eaf6ff"/><stop offset="1" stop-color="#9cc3e6"/></linearGradient>`,
    back:
      `<rect width="${W}" height="${H}" fill="url(#${id}-sky)"/>` +
      aurora +
      stars(rng, 30, 160) +
      `<path d="M0 ${r1(250 + rng.range(-20, 20))} L70 180 L130 240 L200 170 L270 236 L${W} ${r1(190 + rng.range(-20, 20))} V${H} H0Z" fill="${mix(low, "#ffffff", 0.35)}" opacity="0.55"/>` +
      pines +
      `<path d="M0 340 C100 320 260 330 ${W} 344 V${H} H0Z" fill="url(#${id}-snowfield)"/>`,
    front: flakes + snow + shard(26, rng.range(70, 110), -8) + shard(52, rng.range(40, 70), 6) + shard(W - 30, rng.range(70, 110), 8) + shard(W - 58, rng.range(40, 60), -6) + `<g opacity="0.9">${snowflake(W - 40, 40, 14, 0.3, accent, 0.9)}</g>`,
  };
}

// ------------------------------------------------------------------ 4 Cowgirl
function cowgirl(id: string, rng: Rng, accent: string): Scene {
  const warm = rng.range(-12, 12);
  const sunY = 300;
  const sunX = rng.pick([110, 182, 250]);
  let mesas = "";
  const mesa = (x: number, w: number, h: number, c: string) =>
    `<path d="M${r1(x - w / 2 - 18)} ${sunY + 8} L${r1(x - w / 2)} ${r1(sunY - h)} H${r1(x + w / 2)} L${r1(x + w / 2 + 18)} ${sunY + 8}Z" fill="${c}"/>`;
  mesas += mesa(rng.range(30, 100), rng.range(60, 100), rng.range(40, 70), "#5b2a4a");
  mesas += mesa(rng.range(260, 340), rng.range(60, 110), rng.range(50, 90), "#4a2140");
  const cactus = (x: number, s: number) =>
    `<g transform="translate(${r1(x)} ${H - 40}) scale(${r1(s)})" fill="#2d1b2e"><rect x="-9" y="-120" width="18" height="124" rx="9"/><path d="M-9 -60 H-28 V-96 A8 8 0 0 1 -12 -96 V-74 H-9Z"/><path d="M9 -76 H28 V-104 A8 8 0 0 0 12 -104 V-90 H9Z"/></g>`;
  return {
    defs:
      glowDefs(id) +
      `<linearGradient id="${id}-sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(270 + warm, 0.55, 0.18)}"/><stop offset="0.35" stop-color="${hsl(335 + warm, 0.6, 0.42)}"/><stop offset="0.62" stop-color="${hsl(18 + warm, 0.9, 0.58)}"/><stop offset="0.7" stop-color="${hsl(40 + warm, 0.95, 0.68)}"/></linearGradient>
      <linearGradient id="${id}-sun" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff1a8"/><stop offset="1" stop-color="#ff8a3d"/></linearGradient>
      <linearGradient id="${id}-ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#b4502e"/><stop offset="1" stop-color="#5a2230"/></linearGradient>
      <clipPath id="${id}-sunclip"><rect x="0" y="0" width="${W}" height="${sunY}"/></clipPath>`,
    back:
      `<rect width="${W}" height="${H}" fill="url(#${id}-sky)"/>` +
      stars(rng, 20, 90, "#ffe9f3") +
      glow(id, sunX, sunY, 160, 160, "#ffb35c", 0.5) +
      `<g clip-path="url(#${id}-sunclip)"><circle cx="${sunX}" cy="${sunY}" r="92" fill="url(#${id}-sun)"/>` +
      [244, 262, 278, 290].map((y, i) => `<rect x="0" y="${y}" width="${W}" height="${3 + i}" fill="${hsl(18 + warm, 0.9, 0.6)}"/>`).join("") +
      `</g>` +
      mesas +
      `<rect y="${sunY}" width="${W}" height="${H - sunY}" fill="url(#${id}-ground)"/>` +
      Array.from({ length: 5 }, (_, i) => `<path d="M0 ${sunY + 16 + i * 26} H${W}" stroke="#3a1224" stroke-opacity="${0.15 + i * 0.04}" stroke-width="2"/>`).join(""),
    front:
      cactus(rng.chance(0.5) ? 26 : W - 26, rng.range(0.7, 0.95)) +
      `<g transform="translate(${r1(rng.chance(0.5) ? W - 58 : 58)} ${r1(H - 64)}) rotate(${r1(rng.range(-20, 20))})"><ellipse rx="42" ry="22" fill="none" stroke="#d8b07a" stroke-width="5"/><ellipse rx="42" ry="22" fill="none" stroke="#8a5a2b" stroke-width="5" stroke-dasharray="3 5"/><ellipse rx="34" ry="16" fill="none" stroke="#d8b07a" stroke-width="4"/><path d="M40 6 C60 20 50 40 70 50" stroke="#d8b07a" stroke-width="5" fill="none"/></g>` +
      `<g fill="${accent}" opacity="0.8">${twinkle(rng.range(30, W - 30), rng.range(30, 120), 6, accent)}</g>`,
  };
}

// ------------------------------------------------------------------ 5 Bedroom Fun
function bedroomFun(id: string, rng: Rng, accent: string): Scene {
  const wall = rng.pick(["#3b1f4f", "#4a1d3f", "#2b2350", "#512a4a", "#24324f", "#3f2a55"]);
  const headboard = rng.pick(["#f2a7c3", "#c4b5fd", "#fbcfe8", "#a5b4fc", "#fda4af", "#fcd34d"]);
  const bulbs = rng.pick([["#ffd27a"], ["#ff9ad5", "#ffd27a", "#9ae6ff"], ["#c4b5fd", "#fbcfe8"]] as const);
  let lights = "";
  for (let s = 0; s < 2; s++) {
    const y0 = 40 + s * 70 + rng.range(-8, 8);
    const sag = rng.range(30, 50);
    lights += `<path d="M-10 ${r1(y0)} Q${W / 2} ${r1(y0 + sag * 2)} ${W + 10} ${r1(y0)}" stroke="#1b1020" stroke-width="1.6" fill="none"/>`;
    for (let i = 0; i <= 11; i++) {
      const t = i / 11;
      const x = -10 + (W + 20) * t;
      const y = (1 - t) * (1 - t) * y0 + 2 * (1 - t) * t * (y0 + sag * 2) + t * t * y0;
      const c = bulbs[(i + s) % bulbs.length]!;
      lights += `${glow(id, x, y + 6, 15, 15, c, 0.8)}<circle cx="${r1(x)}" cy="${r1(y + 6)}" r="4" fill="${lighten(c, 0.4)}"/>`;
    }
  }
  const pillow = (x: number, y: number, w: number, h: number, rot: number, c: string) =>
    `<g transform="translate(${r1(x)} ${r1(y)}) rotate(${r1(rot)})"><path d="M${-w / 2} ${-h / 2} Q0 ${-h / 2 - 10} ${w / 2} ${-h / 2} Q${w / 2 + 10} 0 ${w / 2} ${h / 2} Q0 ${h / 2 + 10} ${-w / 2} ${h / 2} Q${-w / 2 - 10} 0 ${-w / 2} ${-h / 2}Z" fill="${c}"/><path d="M${-w / 2 + 8} ${-h / 2 + 8} Q0 ${-h / 2} ${w / 2 - 8} ${-h / 2 + 8}" stroke="#fff" stroke-opacity="0.4" stroke-width="3" fill="none"/><path d="M${-w / 2} ${-h / 2} Q0 ${-h / 2 - 10} ${w / 2} ${-h / 2} Q${w / 2 + 10} 0 ${w / 2} ${h / 2} Q0 ${h / 2 + 10} ${-w / 2} ${h / 2} Q${-w / 2 - 10} 0 ${-w / 2} ${-h / 2}Z" fill="url(#${id}-pshade)"/></g>`;
  const heart = (x: number, y: number, s: number, c: string) =>
    `<path transform="translate(${r1(x)} ${r1(y)}) scale(${r1(s)})" d="M0 30 C-32 8 -34 -12 -24 -22 C-15 -30 -4 -27 0 -17 C4 -27 15 -30 24 -22 C34 -12 32 8 0 30Z" fill="${c}"/>`;
  let feathers = "";
  for (let i = 0; i < 6; i++) {
    const x = sideX(rng, 16);
    const y = rng.range(120, 320);
    feathers += `<g transform="translate(${r1(x)} ${r1(y)}) rotate(${r1(rng.range(0, 360))})"><path d="M0 -12 C7 -6 7 6 0 12 C-7 6 -7 -6 0 -12Z" fill="#fff" opacity="0.85"/><path d="M0 -12 V14" stroke="#ddd" stroke-width="1"/></g>`;
  }
  const tufts = Array.from({ length: 12 }, (_, i) => `<circle cx="${r1(70 + (i % 4) * 75 + (Math.floor(i / 4) % 2) * 37)}" cy="${r1(190 + Math.floor(i / 4) * 46)}" r="3.5" fill="${darken(headboard, 0.3)}"/>`).join("");
  return {
    defs:
      glowDefs(id) +
      `<linearGradient id="${id}-wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${darken(wall, 0.3)}"/><stop offset="1" stop-color="${lighten(wall, 0.1)}"/></linearGradient>
      <linearGradient id="${id}-pshade" x1="0" y1="0" x2="1" y2="1"><stop offset="0.5" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.25"/></linearGradient>
      <linearGradient id="${id}-hb" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${lighten(headboard, 0.15)}"/><stop offset="1" stop-color="${darken(headboard, 0.2)}"/></linearGradient>`,
    back:
      `<rect width="${W}" height="${H}" fill="url(#${id}-wall)"/>` +
      Array.from({ length: 12 }, (_, i) => `<rect x="${i * 32}" width="14" height="${H}" fill="#fff" opacity="0.03"/>`).join("") +
      lights +
      `<path d="M30 ${H} V200 C30 150 90 140 182 140 C274 140 334 150 334 200 V${H}Z" fill="url(#${id}-hb)"/>` +
      tufts +
      `<rect x="0" y="356" width="${W}" height="${H - 356}" fill="${mix(headboard, "#ffffff", 0.5)}"/>` +
      `<path d="M0 356 C100 346 260 366 ${W} 352" stroke="#fff" stroke-opacity="0.6" stroke-width="3" fill="none"/>`,
    front:
      pillow(40, 396, 110, 74, -14, mix(headboard, accent, 0.4)) +
      pillow(W - 36, 404, 104, 70, 12, lighten(accent, 0.2)) +
      heart(rng.chance(0.5) ? 62 : W - 62, 330, 0.9, accent) +
      feathers,
  };
}

// ------------------------------------------------------------------ 6 Pool Maiden
function poolMaiden(id: string, rng: Rng, accent: string): Scene {
  const hue = rng.range(175, 200);
  const water = hsl(hue, 0.75, 0.45);
  let caustics = "";
  for (let i = 0; i < 14; i++) {
    const y = 110 + i * 26;
    const o = rng.range(0, 40);
    caustics += `<path d="M-20 ${y} ${Array.from({ length: 8 }, (_, k) => `q${r1(12 + ((k + i) % 3) * 4)} ${k % 2 ? 10 : -10} ${r1(26 + o * 0.1)} 0`).join(" ")}" stroke="#e6fffb" stroke-width="${r1(rng.range(1.5, 3))}" fill="none" opacity="${r1(rng.range(0.25, 0.5))}"/>`;
  }
  const floatC = rng.pick(["#ff6b9a", "#ffb703", "#ff7b54", "#a78bfa", "#34d399"]);
  const ring = (x: number, y: number, r: number) =>
    `<g transform="translate(${r1(x)} ${r1(y)})">${glow(id, 0, 10, r + 16, r * 0.62 + 14, "#000000", 0.3)}<ellipse rx="${r}" ry="${r1(r * 0.62)}" fill="none" stroke="${floatC}" stroke-width="${r1(r * 0.55)}"/>` +
    [0, 1, 2, 3].map((i) => `<path d="M${r1(Math.cos(i * 1.57 + 0.4) * r)} ${r1(Math.sin(i * 1.57 + 0.4) * r * 0.62)} L${r1(Math.cos(i * 1.57 + 0.75) * r)} ${r1(Math.sin(i * 1.57 + 0.75) * r * 0.62)}" stroke="#fff" stroke-width="${r1(r * 0.55)}"/>`).join("") +
    `<ellipse rx="${r}" ry="${r1(r * 0.62)}" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="3" transform="translate(-4 -8)"/></g>`;
  const ball = (x: number, y: number, r: number) =>
    `<g transform="translate(${r1(x)} ${r1(y)})"><circle r="${r}" fill="#fff"/><path d="M0 ${-r} C${r * 0.6} ${-r * 0.4} ${r * 0.6} ${r * 0.4} 0 ${r} C${r * 0.2} ${r * 0.4} ${r * 0.2} ${-r * 0.4} 0 ${-r}Z" fill="#ef4444"/><path d="M0 ${-r} C${-r * 0.6} ${-r * 0.4} ${-r * 0.6} ${r * 0.4} 0 ${r} C${-r * 0.2} ${r * 0.4} ${-r * 0.2} ${-r * 0.4} 0 ${-r}Z" fill="#3b82f6"/><circle r="${r}" fill="url(#${id}-ballshade)"/></g>`;
  const left = rng.chance(0.5);
  return {
    defs:
      glowDefs(id) +
      `<linearGradient id="${id}-water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${lighten(water, 0.2)}"/><stop offset="1" stop-color="${darken(water, 0.35)}"/></linearGradient>
      <radialGradient id="${id}-ballshade" cx="0.35" cy="0.3" r="0.8"><stop offset="0.4" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></radialGradient>
      <pattern id="${id}-deck" width="24" height="24" patternUnits="userSpaceOnUse"><rect width="24" height="24" fill="#f1f5f9"/><rect x="1" y="1" width="22" height="22" fill="#e2e8f0"/></pattern>
      <radialGradient id="${id}-sun" cx="0.85" cy="0.05" r="0.6"><stop offset="0" stop-color="#fffbe0" stop-opacity="0.9"/><stop offset="1" stop-color="#fffbe0" stop-opacity="0"/></radialGradient>`,
    back:
      `<rect width="${W}" height="${H}" fill="url(#${id}-water)"/>` +
      caustics +
      `<rect y="0" width="${W}" height="96" fill="url(#${id}-deck)"/>` +
      `<rect y="86" width="${W}" height="12" fill="${darken(water, 0.2)}"/>` +
      `<rect y="92" width="${W}" height="6" fill="#0e7490" opacity="0.6"/>` +
      // lane rope
      `<path d="M0 170 H${W}" stroke="#fff" stroke-width="8" stroke-dasharray="12 12"/><path d="M0 170 H${W}" stroke="${accent}" stroke-width="8" stroke-dasharray="12 12" stroke-dashoffset="12"/>` +
      // palm shadows
      `<g fill="#003b46" opacity="0.25">${[0, 1, 2, 3, 4].map((i) => `<path d="M${left ? W : 0} 0 C${left ? W - 60 - i * 10 : 60 + i * 10} ${30 + i * 26} ${left ? W - 120 - i * 12 : 120 + i * 12} ${40 + i * 30} ${left ? W - 170 - i * 6 : 170 + i * 6} ${90 + i * 34} C${left ? W - 110 : 110} ${60 + i * 30} ${left ? W - 50 : 50} ${20 + i * 20} ${left ? W : 0} 0Z"/>`).join("")}</g>` +
      `<rect width="${W}" height="${H}" fill="url(#${id}-sun)"/>`,
    front:
      ring(left ? 64 : W - 64, H - 54, 44) +
      ball(left ? W - 40 : 40, 230 + rng.range(-20, 20), 20) +
      Array.from({ length: 6 }, () => `<circle cx="${r1(sideX(rng))}" cy="${r1(rng.range(110, H))}" r="${r1(rng.range(2, 5))}" fill="none" stroke="#fff" stroke-opacity="0.7" stroke-width="1.5"/>`).join(""),
  };
}

// ------------------------------------------------------------------ 7 Sharkbite
function shark(x: number, y: number, s: number, flip: boolean, color: string): string {
  return `<g transform="translate(${r1(x)} ${r1(y)}) scale(${flip ? -s : s} ${s})" fill="${color}"><path d="M-90 0 C-60 -22 10 -26 60 -10 C74 -6 84 0 92 6 C80 10 66 12 56 12 C20 22 -30 20 -70 8 L-110 30 L-100 0 L-118 -30Z"/><path d="M-6 -20 C0 -44 10 -56 22 -62 C18 -44 20 -30 26 -16Z"/><path d="M4 14 C0 26 -8 34 -18 40 C-14 28 -12 20 -12 14Z"/></g>`;
}

function sharkbite(id: string, rng: Rng, accent: string): Scene {
  const hue = rng.range(195, 215);
  const top = hsl(hue, 0.8, 0.38);
  const deep = hsl(hue + 15, 0.85, 0.08);
  let rays = "";
  for (let i = 0; i < 6; i++) {
    const x = rng.range(-40, W);
    rays += `<path d="M${r1(x)} 0 L${r1(x + 40)} 0 L${r1(x + 120)} ${H} L${r1(x + 40)} ${H}Z" fill="#bff6ff" opacity="${r1(rng.range(0.05, 0.12))}"/>`;
  }
  let bubbles = "";
  for (let i = 0; i < 18; i++) {
    const r = rng.range(2, 8);
    bubbles += `<circle cx="${r1(sideX(rng, 8))}" cy="${r1(rng.range(40, H))}" r="${r1(r)}" fill="#e0fbff" fill-opacity="0.12" stroke="#e0fbff" stroke-opacity="0.7" stroke-width="1.3"/>`;
  }
  let kelp = "";
  for (const x of [14, 40, W - 16, W - 44]) {
    const h = rng.range(120, 220);
    kelp += `<path d="M${x} ${H} C${x - 16} ${r1(H - h * 0.3)} ${x + 16} ${r1(H - h * 0.6)} ${x - 4} ${r1(H - h)}" stroke="#0f5132" stroke-width="9" fill="none" stroke-linecap="round" opacity="0.9"/>`;
  }
  const flip = rng.chance(0.5);
  return {
    defs:
      glowDefs(id) +
      `<linearGradient id="${id}-sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="0.55" stop-color="${mix(top, deep, 0.6)}"/><stop offset="1" stop-color="${deep}"/></linearGradient>`,
    back:
      `<rect width="${W}" height="${H}" fill="url(#${id}-sea)"/>` +
      // surface with a fin cutting it
      `<path d="M0 44 ${Array.from({ length: 10 }, (_, i) => `Q${r1(i * 36.4 + 18)} ${i % 2 ? 38 : 50} ${r1((i + 1) * 36.4)} 44`).join(" ")} V0 H0Z" fill="${lighten(top, 0.35)}" opacity="0.6"/>` +
      `<path d="M${r1(flip ? 250 : 90)} 44 C${r1(flip ? 256 : 96)} 20 ${r1(flip ? 270 : 110)} 6 ${r1(flip ? 290 : 126)} 0 C${r1(flip ? 284 : 122)} 18 ${r1(flip ? 286 : 124)} 32 ${r1(flip ? 296 : 134)} 44Z" fill="#1e293b"/>` +
      rays +
      shark(flip ? 90 : 270, 150 + rng.range(-20, 20), 0.75, flip, mix(deep, top, 0.45)) +
      shark(flip ? 300 : 60, 250 + rng.range(-20, 20), 0.45, !flip, mix(deep, top, 0.6)) +
      `<path d="M0 ${H - 40} C100 ${H - 56} 260 ${H - 30} ${W} ${H - 48} V${H} H0Z" fill="#c2a878" opacity="0.85"/>` +
      kelp,
    front: bubbles + `<g opacity="0.85">${shark(flip ? W - 30 : 30, H - 30, 0.22, flip, accent)}</g>`,
  };
}

export function sceneFor(setNumber: number, id: string, rng: Rng, accent: string): Scene {
  switch (setNumber) {
    case 1:
      return velvetNight(id, rng, accent);
    case 2:
      return bathhouse(id, rng, accent);
    case 3:
      return winterlust(id, rng, accent);
    case 4:
      return cowgirl(id, rng, accent);
    case 5:
      return bedroomFun(id, rng, accent);
    case 6:
      return poolMaiden(id, rng, accent);
    default:
      return sharkbite(id, rng, accent);
  }
}

export { shark, snowflake, stars, twinkle };
