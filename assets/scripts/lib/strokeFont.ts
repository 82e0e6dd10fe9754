/**
 * A small geometric monoline display font drawn as SVG paths. Text in the generated art is
 * turned into paths with it, so the output never depends on the fonts a machine (or a
 * browser opening logo.svg) happens to have installed.
 *
 * Glyphs live on a grid where the cap height is 100 (y = 0 top, y = 100 baseline); each glyph
 * has an advance width. Draw the result with stroke (fill none), round caps and joins; a
 * stroke width of about 10-14 units of the cap height gives a display weight.
 */

type Cmd =
  | ["M", number, number]
  | ["L", number, number]
  | ["H", number]
  | ["V", number]
  | ["C", number, number, number, number, number, number]
  // Arc: ["A", rx, ry, sweep, x, y]; large-arc is always 0 because arcs are split at 90 degrees.
  | ["A", number, number, number, number, number];

interface Glyph {
  width: number;
  cmds: Cmd[];
}

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Elliptical arc from angle a0 to a1 (degrees, 0 = right, increasing clockwise on screen). */
function arc(cx: number, cy: number, rx: number, ry: number, a0: number, a1: number, move = false): Cmd[] {
  const out: Cmd[] = [];
  const pt = (a: number): [number, number] => [cx + rx * Math.cos(rad(a)), cy + ry * Math.sin(rad(a))];
  if (move) {
    const [x, y] = pt(a0);
    out.push(["M", x, y]);
  }
  const steps = Math.max(1, Math.ceil(Math.abs(a1 - a0) / 90));
  for (let i = 1; i <= steps; i++) {
    const a = a0 + ((a1 - a0) * i) / steps;
    const [x, y] = pt(a);
    out.push(["A", rx, ry, a1 > a0 ? 1 : 0, x, y]);
  }
  return out;
}

const M = (x: number, y: number): Cmd => ["M", x, y];
const L = (x: number, y: number): Cmd => ["L", x, y];
const H = (x: number): Cmd => ["H", x];
const V = (y: number): Cmd => ["V", y];

/** Parses a compact absolute path ("M0 0 L10 10 C..") of M/L/H/V/C commands. */
function p(d: string): Cmd[] {
  const out: Cmd[] = [];
  const re = /([MLHVC])([^MLHVC]*)/g;
  for (const m of d.matchAll(re)) {
    const op = m[1] as "M" | "L" | "H" | "V" | "C";
    const n = (m[2] ?? "").trim().split(/[\s,]+/).filter(Boolean).map(Number);
    const size = op === "C" ? 6 : op === "H" || op === "V" ? 1 : 2;
    for (let i = 0; i + size <= n.length; i += size) {
      const a = n.slice(i, i + size) as number[];
      if (op === "M") out.push(["M", a[0]!, a[1]!]);
      else if (op === "L") out.push(["L", a[0]!, a[1]!]);
      else if (op === "H") out.push(["H", a[0]!]);
      else if (op === "V") out.push(["V", a[0]!]);
      else out.push(["C", a[0]!, a[1]!, a[2]!, a[3]!, a[4]!, a[5]!]);
    }
  }
  return out;
}

const GLYPHS: Record<string, Glyph> = {
  A: { width: 74, cmds: p("M0 100 L37 0 L74 100 M14 64 H60") },
  B: { width: 60, cmds: [M(0, 100), V(0), H(30), ...arc(30, 23, 23, 23, -90, 90), M(0, 46), H(33), ...arc(33, 73, 27, 27, -90, 90), H(0)] },
  C: { width: 70, cmds: arc(42, 50, 42, 50, -42, -318, true) },
  D: { width: 68, cmds: [M(0, 0), V(100), H(18), ...arc(18, 50, 50, 50, 90, -90), H(0)] },
  E: { width: 54, cmds: p("M54 0 H0 V100 H54 M0 50 H42") },
  F: { width: 52, cmds: p("M52 0 H0 V100 M0 50 H40") },
  G: { width: 80, cmds: [...arc(44, 50, 44, 50, -42, -360, true), H(50)] },
  H: { width: 64, cmds: p("M0 0 V100 M64 0 V100 M0 50 H64") },
  I: { width: 0, cmds: p("M0 0 V100") },
  J: { width: 46, cmds: [M(46, 0), V(70), ...arc(23, 70, 23, 30, 0, 165)] },
  K: { width: 60, cmds: p("M0 0 V100 M58 0 L0 60 M22 42 L60 100") },
  L: { width: 50, cmds: p("M0 0 V100 H50") },
  M: { width: 84, cmds: p("M0 100 V0 L42 74 L84 0 V100") },
  N: { width: 66, cmds: p("M0 100 V0 L66 100 V0") },
  O: { width: 96, cmds: arc(48, 50, 48, 50, 0, 360, true) },
  P: { width: 58, cmds: [M(0, 100), V(0), H(31), ...arc(31, 27, 27, 27, -90, 90), H(0)] },
  Q: { width: 96, cmds: [...arc(48, 50, 48, 50, 0, 360, true), M(62, 72), L(96, 104)] },
  R: { width: 62, cmds: [M(0, 100), V(0), H(31), ...arc(31, 27, 27, 27, -90, 90), H(0), M(32, 54), L(62, 100)] },
  S: { width: 58, cmds: p("M55 15 C48 4 39 0 29 0 C14 0 3 9 3 25 C3 41 17 46 29 50 C43 54 57 60 57 76 C57 91 45 100 29 100 C17 100 6 95 1 84") },
  T: { width: 64, cmds: p("M0 0 H64 M32 0 V100") },
  U: { width: 64, cmds: [M(0, 0), V(64), ...arc(32, 64, 32, 36, 180, 0), V(0)] },
  V: { width: 72, cmds: p("M0 0 L36 100 L72 0") },
  W: { width: 104, cmds: p("M0 0 L25 100 L52 22 L79 100 L104 0") },
  X: { width: 64, cmds: p("M0 0 L64 100 M64 0 L0 100") },
  Y: { width: 68, cmds: p("M0 0 L34 52 L68 0 M34 52 V100") },
  Z: { width: 60, cmds: p("M2 0 H60 L0 100 H60") },
  "0": { width: 60, cmds: arc(30, 50, 30, 50, 0, 360, true) },
  "1": { width: 30, cmds: p("M4 20 L28 0 V100") },
  "2": { width: 58, cmds: p("M3 22 C6 8 17 0 30 0 C46 0 56 11 56 26 C56 44 40 56 0 100 H58") },
  "3": { width: 58, cmds: p("M3 12 C9 4 18 0 29 0 C44 0 54 10 54 24 C54 38 44 47 24 47 M24 47 C46 47 57 58 57 73 C57 90 45 100 29 100 C16 100 6 94 1 86") },
  "4": { width: 62, cmds: p("M46 100 V0 L0 70 H62") },
  "5": { width: 58, cmds: p("M54 0 H10 L5 44 C13 40 21 38 29 38 C46 38 57 50 57 68 C57 87 45 100 28 100 C15 100 6 94 1 86") },
  "6": { width: 60, cmds: p("M50 8 C44 3 37 0 30 0 C12 0 2 22 2 55 C2 82 13 100 31 100 C47 100 58 88 58 69 C58 50 46 39 31 39 C17 39 5 48 2 60") },
  "7": { width: 58, cmds: p("M0 0 H58 L18 100") },
  "8": { width: 60, cmds: [...arc(30, 24, 24, 24, 90, 450, true), ...arc(30, 73, 29, 27, -90, 270, true)] },
  "9": { width: 60, cmds: p("M10 92 C16 97 23 100 30 100 C48 100 58 78 58 45 C58 18 47 0 29 0 C13 0 2 12 2 31 C2 50 14 61 29 61 C43 61 55 52 58 40") },
  "#": { width: 62, cmds: p("M22 0 L14 100 M50 0 L42 100 M4 34 H62 M0 68 H58") },
  "/": { width: 40, cmds: p("M40 0 L0 100") },
  "-": { width: 36, cmds: p("M0 56 H36") },
  ".": { width: 0, cmds: p("M0 98 L0 98.5") },
  "·": { width: 0, cmds: p("M0 56 L0 56.5") },
  "'": { width: 0, cmds: p("M0 0 L0 26") },
  "&": { width: 70, cmds: p("M70 100 L16 40 C6 29 8 0 30 0 C46 0 54 10 54 22 C54 36 40 44 26 52 C10 61 2 70 2 80 C2 92 12 100 28 100 C44 100 56 90 66 66") },
  " ": { width: 34, cmds: [] },
};

export interface TextOptions {
  /** Cap height in output units. */
  size: number;
  x: number;
  /** Baseline y. */
  y: number;
  /** Extra space between letters, as a fraction of the cap height (default 0.22). */
  tracking?: number;
  anchor?: "start" | "middle" | "end";
  /** Horizontal scale of the letterforms (1 = as designed). */
  widthScale?: number;
}

/** Width of the text at a cap height of 1 (so multiply by size). */
export function measureText(text: string, tracking = 0.22, widthScale = 1): number {
  const chars = [...text.toUpperCase()];
  let w = 0;
  chars.forEach((ch, i) => {
    const g = GLYPHS[ch] ?? GLYPHS[" "]!;
    w += (g.width / 100) * widthScale;
    if (i < chars.length - 1) w += tracking;
  });
  return w;
}

const fmt = (n: number) => (Math.round(n * 100) / 100).toString();

/**
 * Returns the SVG path data of the text. One path for the whole string, so an
 * objectBoundingBox gradient on its stroke spans the whole word.
 */
export function textPath(text: string, opts: TextOptions): string {
  const tracking = opts.tracking ?? 0.22;
  const ws = opts.widthScale ?? 1;
  const s = opts.size / 100;
  const total = measureText(text, tracking, ws) * opts.size;
  let x = opts.anchor === "middle" ? opts.x - total / 2 : opts.anchor === "end" ? opts.x - total : opts.x;
  const top = opts.y - opts.size;
  const parts: string[] = [];
  for (const ch of text.toUpperCase()) {
    const g = GLYPHS[ch] ?? GLYPHS[" "]!;
    const X = (v: number) => fmt(x + v * s * ws);
    const Y = (v: number) => fmt(top + v * s);
    for (const c of g.cmds) {
      switch (c[0]) {
        case "M":
        case "L":
          parts.push(`${c[0]}${X(c[1])} ${Y(c[2])}`);
          break;
        case "H":
          parts.push(`H${X(c[1])}`);
          break;
        case "V":
          parts.push(`V${Y(c[1])}`);
          break;
        case "C":
          parts.push(`C${X(c[1])} ${Y(c[2])} ${X(c[3])} ${Y(c[4])} ${X(c[5])} ${Y(c[6])}`);
          break;
        case "A": {
          const [, rx, ry, sweep, ax, ay] = c;
          parts.push(`A${fmt(rx * s * ws)} ${fmt(ry * s)} 0 0 ${sweep} ${X(ax)} ${Y(ay)}`);
          break;
        }
      }
    }
    x += (g.width / 100) * opts.size * ws + tracking * opts.size;
  }
  return parts.join("");
}

/** Characters the font can draw (others render as a space). */
export const SUPPORTED_CHARACTERS = Object.keys(GLYPHS).join("");
