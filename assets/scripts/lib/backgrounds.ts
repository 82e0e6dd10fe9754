/**
 * The ten card backgrounds (Cyber, Neon Blocks, Space, Rainbow Galaxy, Dark Void and the five
 * colours), card-sized (400 x 560) so the game can show one behind or around a portrait.
 */
import { darken, hsl, lighten } from "./color.ts";
import { createRng, type Rng } from "./rng.ts";
import type { BackgroundSlug } from "./sets.ts";

export const BG_W = 400;
export const BG_H = 560;
const W = BG_W;
const H = BG_H;
const r1 = (n: number) => (Math.round(n * 10) / 10).toString();

const BLUR = (id: string, sd: number) =>
  `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${sd}"/></filter>`;

function starfield(rng: Rng, n: number, tint = "#ffffff"): string {
  let s = "";
  for (let i = 0; i < n; i++) {
    const r = rng.next() < 0.9 ? rng.range(0.4, 1.3) : rng.range(1.4, 2.4);
    s += `<circle cx="${r1(rng.range(0, W))}" cy="${r1(rng.range(0, H))}" r="${r1(r)}" fill="${tint}" opacity="${r1(rng.range(0.3, 1))}"/>`;
  }
  return s;
}

function cyber(rng: Rng): string {
  let grid = "";
  const horizon = 330;
  for (let i = -12; i <= 12; i++) grid += `<path d="M${W / 2 + i * 12} ${horizon} L${W / 2 + i * 90} ${H}" stroke="#ec4899" stroke-width="1.5" opacity="0.7"/>`;
  for (let k = 0; k < 12; k++) {
    const y = horizon + Math.pow(k / 11, 2.2) * (H - horizon);
    grid += `<path d="M0 ${r1(y)} H${W}" stroke="#ec4899" stroke-width="${r1(1 + k * 0.12)}" opacity="${r1(0.3 + k * 0.05)}"/>`;
  }
  let traces = "";
  for (let i = 0; i < 22; i++) {
    let x = Math.round(rng.range(0, W) / 20) * 20;
    let y = Math.round(rng.range(0, horizon - 30) / 20) * 20;
    let d = `M${x} ${y}`;
    for (let k = 0; k < 4; k++) {
      if (rng.chance(0.5)) x += rng.pick([-40, -20, 20, 40, 60]);
      else y += rng.pick([-40, -20, 20, 40]);
      d += ` L${x} ${y}`;
    }
    traces += `<path d="${d}" stroke="#22d3ee" stroke-width="2" fill="none" opacity="0.75"/><circle cx="${x}" cy="${y}" r="3.5" fill="#0b0a14" stroke="#22d3ee" stroke-width="2"/>`;
  }
  return `<defs>${BLUR("b", 6)}
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#050816"/><stop offset="0.58" stop-color="#1a0b3b"/><stop offset="0.6" stop-color="#2a0a35"/><stop offset="1" stop-color="#09030f"/></linearGradient>
    <linearGradient id="sun" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f5c542"/><stop offset="1" stop-color="#ec4899"/></linearGradient>
    <clipPath id="above"><rect width="${W}" height="${horizon}"/></clipPath></defs>
    <rect width="${W}" height="${H}" fill="url(#sky)"/>
    <g filter="url(#b)" opacity="0.8">${traces}</g>${traces}
    <g clip-path="url(#above)"><circle cx="${W / 2}" cy="${horizon}" r="90" fill="url(#sun)" opacity="0.9"/>${[0, 1, 2, 3, 4].map((i) => `<rect y="${horizon - 60 + i * 12}" width="${W}" height="${2 + i}" fill="#1a0b3b"/>`).join("")}</g>
    <g filter="url(#b)">${grid}</g>${grid}
    <rect y="${horizon - 2}" width="${W}" height="4" fill="#f0abfc"/>`;
}

function neonBlocks(rng: Rng): string {
  const colors = ["#22d3ee", "#ec4899", "#8b5cf6", "#f5c542", "#34d399", "#fb7185"];
  let blocks = "";
  const cell = 40;
  const used = new Set<string>();
  for (let i = 0; i < 60; i++) {
    const c = rng.pick(colors);
    const gx = Math.floor(rng.range(0, W / cell));
    const gy = Math.floor(rng.range(0, H / cell));
    const gw = rng.pick([1, 1, 2, 3]);
    const gh = rng.pick([1, 1, 2]);
    const cells: string[] = [];
    for (let u = 0; u < gw; u++) for (let v = 0; v < gh; v++) cells.push(`${gx + u},${gy + v}`);
    if (gx + gw > W / cell || gy + gh > H / cell || cells.some((k) => used.has(k))) continue;
    cells.forEach((k) => used.add(k));
    const x = gx * cell;
    const y = gy * cell;
    const w = gw * cell;
    const h = gh * cell;
    blocks += `<rect x="${x + 5}" y="${y + 5}" width="${w - 10}" height="${h - 10}" rx="6" fill="${c}" fill-opacity="0.12" stroke="${c}" stroke-width="3"/>`;
  }
  return `<defs>${BLUR("b", 7)}
    <pattern id="grid" width="40" height="40" patternUnits="userSpaceOnUse"><rect width="40" height="40" fill="#07060f"/><path d="M40 0 H0 V40" fill="none" stroke="#1b1733" stroke-width="1.5"/></pattern></defs>
    <rect width="${W}" height="${H}" fill="url(#grid)"/>
    <g filter="url(#b)" opacity="0.9">${blocks}</g>${blocks}`;
}

function space(rng: Rng): string {
  let nebula = "";
  for (let i = 0; i < 9; i++) {
    const c = rng.pick(["#8b5cf6", "#ec4899", "#22d3ee", "#3b82f6", "#a855f7"]);
    nebula += `<ellipse cx="${r1(rng.range(40, W - 40))}" cy="${r1(rng.range(60, H - 60))}" rx="${r1(rng.range(60, 140))}" ry="${r1(rng.range(40, 100))}" fill="${c}" opacity="${r1(rng.range(0.15, 0.35))}"/>`;
  }
  const px = rng.range(260, 330);
  const py = rng.range(420, 480);
  return `<defs>${BLUR("b", 30)}${BLUR("g", 3)}
    <radialGradient id="planet" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="#fbcfe8"/><stop offset="0.5" stop-color="#8b5cf6"/><stop offset="1" stop-color="#1e1b4b"/></radialGradient></defs>
    <rect width="${W}" height="${H}" fill="#04030b"/>
    <g filter="url(#b)">${nebula}</g>
    ${starfield(rng, 260)}
    <g filter="url(#g)">${starfield(rng, 14, "#e0f2fe")}</g>
    <circle cx="${r1(px)}" cy="${r1(py)}" r="70" fill="url(#planet)"/>
    <ellipse cx="${r1(px)}" cy="${r1(py)}" rx="120" ry="20" fill="none" stroke="#f5c542" stroke-opacity="0.6" stroke-width="5" transform="rotate(-18 ${r1(px)} ${r1(py)})"/>`;
}

function rainbowGalaxy(rng: Rng): string {
  let arms = "";
  const cx = W / 2;
  const cy = H / 2;
  for (let arm = 0; arm < 4; arm++) {
    for (let i = 0; i < 90; i++) {
      const t = i / 90;
      const a = arm * (Math.PI / 2) + t * 4.2 + rng.range(-0.12, 0.12);
      const r = 14 + t * 260 + rng.range(-10, 10);
      const x = cx + Math.cos(a) * r;
      const y = cy + Math.sin(a) * r * 0.8;
      arms += `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1((1 - t) * 16 + 4)}" fill="${hsl((t * 360 + arm * 40) % 360, 0.95, 0.6)}" opacity="0.5"/>`;
    }
  }
  return `<defs>${BLUR("b", 10)}
    <radialGradient id="core" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fff"/><stop offset="0.3" stop-color="#fde68a" stop-opacity="0.8"/><stop offset="1" stop-color="#f472b6" stop-opacity="0"/></radialGradient></defs>
    <rect width="${W}" height="${H}" fill="#07051a"/>
    ${starfield(rng, 160)}
    <g filter="url(#b)">${arms}</g>
    <circle cx="${cx}" cy="${cy}" r="80" fill="url(#core)"/>
    ${starfield(rng, 40, "#fff")}`;
}

function darkVoid(rng: Rng): string {
  const cx = W / 2;
  const cy = H / 2;
  let disk = "";
  for (let i = 0; i < 9; i++) {
    const rx = 74 + i * 15;
    disk += `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${r1(rx * 0.26)}" fill="none" stroke="${hsl(290 - i * 9, 0.9, 0.62 - i * 0.035)}" stroke-width="${r1(7 - i * 0.5)}" opacity="${r1(0.95 - i * 0.08)}"/>`;
  }
  let motes = "";
  for (let i = 0; i < 90; i++) motes += `<circle cx="${r1(rng.range(0, W))}" cy="${r1(rng.range(0, H))}" r="${r1(rng.range(0.5, 1.6))}" fill="#c4b5fd" opacity="${r1(rng.range(0.2, 0.7))}"/>`;
  let streaks = "";
  for (let i = 0; i < 16; i++) {
    const a0 = rng.range(0, Math.PI * 2);
    const r = rng.range(120, 260);
    const a1 = a0 + rng.range(0.3, 0.8);
    streaks += `<path d="M${r1(cx + Math.cos(a0) * r)} ${r1(cy + Math.sin(a0) * r * 0.8)} A${r1(r)} ${r1(r * 0.8)} 0 0 1 ${r1(cx + Math.cos(a1) * r * 0.92)} ${r1(cy + Math.sin(a1) * r * 0.74)}" fill="none" stroke="#8b5cf6" stroke-width="${r1(rng.range(1, 2.5))}" opacity="${r1(rng.range(0.2, 0.5))}" stroke-linecap="round"/>`;
  }
  const tilt = `rotate(-14 ${cx} ${cy})`;
  return `<defs>${BLUR("b", 9)}${BLUR("g", 22)}
    <radialGradient id="bg" cx="0.5" cy="0.5" r="0.7"><stop offset="0" stop-color="#1c0833"/><stop offset="0.6" stop-color="#07020d"/><stop offset="1" stop-color="#000"/></radialGradient>
    <clipPath id="front"><rect x="0" y="${cy}" width="${W}" height="${H - cy}"/></clipPath></defs>
    <rect width="${W}" height="${H}" fill="url(#bg)"/>
    ${motes}${streaks}
    <circle cx="${cx}" cy="${cy}" r="120" fill="#7c3aed" opacity="0.45" filter="url(#g)"/>
    <g transform="${tilt}"><g filter="url(#b)">${disk}</g>${disk}</g>
    <circle cx="${cx}" cy="${cy}" r="64" fill="none" stroke="#f5d0fe" stroke-width="4" opacity="0.9" filter="url(#b)"/>
    <circle cx="${cx}" cy="${cy}" r="62" fill="none" stroke="#fdf4ff" stroke-width="1.5"/>
    <circle cx="${cx}" cy="${cy}" r="58" fill="#000"/>
    <g transform="${tilt}"><g clip-path="url(#front)"><g filter="url(#b)">${disk}</g>${disk}</g></g>`;
}

function solid(base: string, rng: Rng): string {
  let diamonds = "";
  for (let y = 0; y < H + 40; y += 40) {
    for (let x = (y / 40) % 2 ? 20 : 0; x < W + 40; x += 40) diamonds += `<path d="M${x} ${y - 14} L${x + 14} ${y} L${x} ${y + 14} L${x - 14} ${y}Z"/>`;
  }
  const a = rng.range(-20, 20);
  return `<defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${lighten(base, 0.25)}"/><stop offset="0.5" stop-color="${base}"/><stop offset="1" stop-color="${darken(base, 0.45)}"/></linearGradient>
    <radialGradient id="v" cx="0.5" cy="0.45" r="0.75"><stop offset="0.5" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.5"/></radialGradient>
    <linearGradient id="sheen" x1="0" y1="0" x2="1" y2="1" gradientTransform="rotate(${r1(a)} 0.5 0.5)"><stop offset="0.3" stop-color="#fff" stop-opacity="0"/><stop offset="0.45" stop-color="#fff" stop-opacity="0.18"/><stop offset="0.6" stop-color="#fff" stop-opacity="0"/></linearGradient></defs>
    <rect width="${W}" height="${H}" fill="url(#g)"/>
    <g fill="#fff" opacity="0.05">${diamonds}</g>
    <rect width="${W}" height="${H}" fill="url(#sheen)"/>
    <rect width="${W}" height="${H}" fill="url(#v)"/>`;
}

function chromatic(): string {
  const bands = ["#f8fafc", "#94a3b8", "#e2e8f0", "#334155", "#cbd5e1", "#f1f5f9", "#64748b", "#e2e8f0", "#1e293b", "#cbd5e1"];
  const stops = bands.map((c, i) => `<stop offset="${(i / (bands.length - 1)).toFixed(3)}" stop-color="${c}"/>`).join("");
  return `<defs>
    <linearGradient id="chrome" x1="0" y1="0" x2="0.35" y2="1">${stops}</linearGradient>
    <linearGradient id="iri" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#22d3ee"/><stop offset="0.35" stop-color="#8b5cf6"/><stop offset="0.65" stop-color="#ec4899"/><stop offset="1" stop-color="#f5c542"/></linearGradient></defs>
    <rect width="${W}" height="${H}" fill="url(#chrome)"/>
    <rect width="${W}" height="${H}" fill="url(#iri)" opacity="0.35" style="mix-blend-mode:overlay"/>
    ${Array.from({ length: 8 }, (_, i) => `<path d="M${-100 + i * 80} ${H} L${100 + i * 80} 0" stroke="#fff" stroke-width="${6 + (i % 3) * 6}" opacity="0.12"/>`).join("")}`;
}

export function backgroundSvg(slug: BackgroundSlug): string {
  const rng = createRng(`background:${slug}`);
  let body: string;
  switch (slug) {
    case "cyber":
      body = cyber(rng);
      break;
    case "neonblocks":
      body = neonBlocks(rng);
      break;
    case "space":
      body = space(rng);
      break;
    case "rainbowgalaxy":
      body = rainbowGalaxy(rng);
      break;
    case "darkvoid":
      body = darkVoid(rng);
      break;
    case "grey":
      body = solid("#6b7280", rng);
      break;
    case "green":
      body = solid("#15803d", rng);
      break;
    case "blue":
      body = solid("#1d4ed8", rng);
      break;
    case "red":
      body = solid("#b91c1c", rng);
      break;
    case "chromatic":
      body = chromatic();
      break;
    default:
      throw new Error(`no artwork recipe for background ${slug}`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;
}
