/**
 * The character figure: a stylised, fully clothed bust portrait in a fashion-illustration
 * style (flat shapes, soft shading, closed or half-lidded eyes). Everything is parameterised
 * by a `Look` so each character is distinct: pose, hair style and colour, skin, eyes, outfit
 * and accessory. Coordinates are those of the card's art window (364 x 446).
 */
import { darken, lighten, mix } from "./color.ts";

export const ART_W = 364;
export const ART_H = 446;

export type HairStyle =
  | "long"
  | "bob"
  | "bun"
  | "ponytail"
  | "waves"
  | "curls"
  | "pixie"
  | "twinbuns"
  | "braid"
  | "updo";

export type EyeStyle = "closed" | "lidded" | "open";

export type Neckline = "crew" | "vneck" | "turtle" | "collar" | "kimono" | "gown" | "hoodie" | "zip" | "furcoat" | "square";

export type Pattern = "none" | "dots" | "stripes" | "plaid" | "stars" | "hearts" | "waves" | "flowers" | "checks" | "knit" | "tropical";

export type Headwear =
  | "none"
  | "tiara"
  | "rose"
  | "mask"
  | "feather"
  | "turban"
  | "kanzashi"
  | "flower"
  | "earmuffs"
  | "beanie"
  | "furhood"
  | "icecrown"
  | "cowboyhat"
  | "bandana"
  | "sleepmask"
  | "bow"
  | "catears"
  | "headphones"
  | "sunglasses"
  | "sunhat"
  | "visor"
  | "divemask"
  | "sharkhood"
  | "captainhat";

export type Neckwear = "none" | "pearls" | "choker" | "pendant" | "scarf" | "neckerchief" | "toothnecklace" | "lei" | "whistle";

export interface Look {
  skin: string;
  hair: string;
  hairStyle: HairStyle;
  eyes: EyeStyle;
  iris: string;
  lips: string;
  /** Eye make-up tint. */
  shadow: string;
  /** Head tilt in degrees. */
  tilt: number;
  /** -1..1: how far the face is turned (features shift sideways). */
  turn: number;
  /** Head offset from the body's centre, px. */
  headDx: number;
  /** Body offset and shoulder tilt. */
  bodyDx: number;
  shoulderTilt: number;
  neckline: Neckline;
  outfit: string;
  outfitAccent: string;
  pattern: Pattern;
  patternColor: string;
  headwear: Headwear;
  headwearColor: string;
  neckwear: Neckwear;
  neckwearColor: string;
  earrings: boolean;
  /** Hair accent flip: mirror asymmetric hair (side parts, braids). */
  mirror: boolean;
  /** Soft glow behind the head. */
  glow: string;
  /** Unique prefix for ids inside the SVG. */
  id: string;
}

const HEAD_X = ART_W / 2;
const HEAD_Y = 190;
const HEAD_SCALE = 1.2;
const NECK_BASE_Y = 292;

// Face outline in head coordinates (centre 0,0; top -66; chin 64).
const FACE =
  "M0 -66 C31 -66 48 -44 48 -10 C48 20 34 47 0 63 C-34 47 -48 20 -48 -10 C-48 -44 -31 -66 0 -66Z";

function f(n: number): string {
  return (Math.round(n * 10) / 10).toString();
}

/** Mirrors path x coordinates of a simple absolute path (M/L/C/Q/Z with x y pairs). */
function mirrorPath(d: string): string {
  return d.replace(/(-?\d+(?:\.\d+)?)\s+(-?\d+(?:\.\d+)?)/g, (_, x: string, y: string) => `${f(-Number(x))} ${y}`);
}

// ---------------------------------------------------------------------------- patterns

export function patternDef(id: string, pattern: Pattern, bg: string, fg: string): string {
  const P = (w: number, h: number, body: string, rot = 0) =>
    `<pattern id="${id}" width="${w}" height="${h}" patternUnits="userSpaceOnUse"${rot ? ` patternTransform="rotate(${rot})"` : ""}><rect width="${w}" height="${h}" fill="${bg}"/>${body}</pattern>`;
  switch (pattern) {
    case "dots":
      return P(22, 22, `<circle cx="5" cy="5" r="3.2" fill="${fg}"/><circle cx="16" cy="16" r="3.2" fill="${fg}"/>`);
    case "stripes":
      return P(18, 18, `<rect width="7" height="18" fill="${fg}"/>`, 0);
    case "plaid":
      return P(
        36,
        36,
        `<rect width="36" height="10" y="6" fill="${fg}" opacity="0.55"/><rect width="10" height="36" x="6" fill="${fg}" opacity="0.55"/><rect width="36" height="2" y="26" fill="${lighten(fg, 0.4)}" opacity="0.6"/><rect width="2" height="36" x="26" fill="${lighten(fg, 0.4)}" opacity="0.6"/>`,
      );
    case "stars":
      return P(30, 30, `<path d="M8 3 L9.6 7 L14 7.4 L10.6 10 L11.8 14.4 L8 12 L4.2 14.4 L5.4 10 L2 7.4 L6.4 7Z" fill="${fg}"/><circle cx="23" cy="22" r="1.8" fill="${fg}"/>`);
    case "hearts":
      return P(30, 30, `<path d="M9 14 C3 9 3 4 7 4 C9 4 9 6 9 6 C9 6 9 4 11 4 C15 4 15 9 9 14Z" fill="${fg}"/><path d="M24 29 C18 24 18 19 22 19 C24 19 24 21 24 21 C24 21 24 19 26 19 C30 19 30 24 24 29Z" fill="${fg}" opacity="0.7"/>`);
    case "waves":
      return P(32, 16, `<path d="M0 10 C8 2 16 2 16 10 C16 2 24 2 32 10" fill="none" stroke="${fg}" stroke-width="2.2"/>`);
    case "flowers":
      return P(
        40,
        40,
        `<g fill="${fg}"><circle cx="10" cy="6" r="4"/><circle cx="14" cy="10" r="4"/><circle cx="10" cy="14" r="4"/><circle cx="6" cy="10" r="4"/></g><circle cx="10" cy="10" r="2.4" fill="${lighten(fg, 0.6)}"/><g fill="${fg}" opacity="0.6"><circle cx="30" cy="27" r="3"/><circle cx="33" cy="30" r="3"/><circle cx="30" cy="33" r="3"/><circle cx="27" cy="30" r="3"/></g>`,
      );
    case "checks":
      return P(24, 24, `<rect width="12" height="12" fill="${fg}"/><rect x="12" y="12" width="12" height="12" fill="${fg}"/>`);
    case "knit":
      return P(14, 16, `<path d="M0 0 L7 8 L14 0 M0 8 L7 16 L14 8" fill="none" stroke="${fg}" stroke-width="2.4" opacity="0.8"/>`);
    case "tropical":
      return P(
        60,
        60,
        `<path d="M10 40 C14 22 30 14 44 16 C34 20 26 30 24 42 C20 36 16 36 10 40Z" fill="${fg}"/><circle cx="46" cy="46" r="6" fill="${lighten(fg, 0.5)}" opacity="0.8"/><circle cx="14" cy="12" r="4" fill="${lighten(fg, 0.3)}" opacity="0.8"/>`,
      );
    default:
      return P(10, 10, "");
  }
}

// ---------------------------------------------------------------------------- hair

interface HairShapes {
  /** Behind the head and body. */
  back: string;
  /** Over the forehead (drawn after the face). */
  front: string;
  /** Strands falling in front of the shoulders (drawn after the outfit, head coords). */
  over?: string;
  /** Extra shapes behind the head (buns, curls). */
  extras?: string;
  /** Extra shapes in front of the body (braids). */
  extrasOver?: string;
  /** Extra shapes over the face (curly fringe). */
  extrasFront?: string;
}

function hairShapes(style: HairStyle, mirror: boolean): HairShapes {
  const m = (d: string) => (mirror ? mirrorPath(d) : d);
  // Side-swept fringe used by several styles.
  const swept = m(
    "M-53 -2 C-62 -62 -30 -86 4 -84 C40 -82 60 -58 53 -4 C48 -30 38 -44 22 -50 C4 -40 -24 -36 -42 -26 C-48 -20 -51 -12 -53 -2Z",
  );
  const centerPart =
    "M-54 0 C-62 -60 -36 -84 0 -84 C36 -84 62 -60 54 0 C50 -30 34 -52 2 -60 L-2 -60 C-34 -52 -50 -30 -54 0Z";
  switch (style) {
    case "long":
      return {
        back: "M-60 -40 C-68 -96 68 -96 60 -40 C64 20 70 100 80 196 L-80 196 C-70 100 -64 20 -60 -40Z",
        front: swept,
        over: m("M-50 -10 C-60 50 -66 130 -52 200 L-30 200 C-40 130 -38 60 -38 10Z"),
      };
    case "bob":
      return {
        back: "M-62 -40 C-68 -98 68 -98 62 -40 C66 0 68 40 64 72 C40 80 -40 80 -64 72 C-68 40 -66 0 -62 -40Z",
        front:
          "M-56 6 C-64 -70 -34 -88 0 -88 C34 -88 64 -70 56 6 C52 -4 50 -16 48 -28 C20 -24 -20 -24 -48 -28 C-50 -16 -52 -4 -56 6Z" +
          "M-58 -10 C-60 30 -58 56 -54 74 L-40 74 C-46 50 -48 20 -46 -12Z" +
          "M58 -10 C60 30 58 56 54 74 L40 74 C46 50 48 20 46 -12Z",
      };
    case "bun":
      return {
        back: "M-54 -26 C-60 -92 60 -92 54 -26 C50 -8 -50 -8 -54 -26Z",
        front: "M-52 -4 C-60 -78 60 -78 52 -4 C44 -44 18 -58 0 -58 C-18 -58 -44 -44 -52 -4Z",
        extras: `<circle cx="0" cy="-94" r="30"/>`,
        over: m("M-47 -12 C-56 10 -52 34 -46 52 C-48 30 -48 12 -43 -6Z"),
      };
    case "ponytail":
      return {
        back: m("M-54 -26 C-60 -92 60 -92 54 -26 C50 -8 -50 -8 -54 -26Z M24 -78 C86 -96 110 -20 96 60 C90 100 74 140 62 170 C78 110 80 30 40 -40Z"),
        front: m("M-52 -4 C-62 -74 30 -94 52 -6 C40 -40 12 -58 -6 -56 C-26 -50 -44 -36 -52 -4Z"),
        extras: m(`<circle cx="30" cy="-80" r="9"/>`),
      };
    case "waves": {
      // Wavy outline: bumps down each side.
      const right: string[] = [];
      const left: string[] = [];
      for (let i = 0; i < 5; i++) {
        const y0 = -40 + i * 46;
        const y1 = y0 + 46;
        const xo = 64 + i * 4;
        right.push(`C${xo + 26} ${y0 + 12} ${xo + 2} ${y1 - 14} ${xo + 6} ${y1}`);
      }
      for (let i = 4; i >= 0; i--) {
        const y1 = -40 + i * 46;
        const y0 = y1 + 46;
        const xo = 64 + i * 4;
        left.push(`C${-(xo + 2)} ${y0 - 14} ${-(xo + 26)} ${y1 + 12} ${i === 0 ? -62 : -(xo + 2)} ${y1}`);
      }
      return {
        back: `M-62 -40 C-70 -100 70 -100 62 -40 ${right.join(" ")} L-86 190 ${left.join(" ")}Z`,
        front: centerPart,
        over: m("M-50 -6 C-70 30 -46 70 -64 110 C-76 140 -56 170 -64 200 L-42 200 C-34 170 -52 140 -40 110 C-26 70 -50 30 -38 4Z"),
      };
    }
    case "curls": {
      let puffs = "";
      for (let i = 0; i < 14; i++) {
        const a = (Math.PI * 2 * i) / 14 - Math.PI / 2;
        const r = 70 + (i % 2) * 8;
        puffs += `<circle cx="${f(Math.cos(a) * r)}" cy="${f(Math.sin(a) * r * 0.95 - 8)}" r="${30 + (i % 3) * 4}"/>`;
      }
      let fringe = "";
      for (let i = 0; i < 7; i++) {
        const x = -42 + i * 14;
        fringe += `<circle cx="${x}" cy="${f(-54 + Math.abs(x) * 0.28)}" r="${13 + (i % 2) * 3}"/>`;
      }
      return {
        back: "M-70 -10 C-80 -110 80 -110 70 -10 C76 50 60 90 40 100 L-40 100 C-60 90 -76 50 -70 -10Z",
        front: "M-50 -6 C-58 -60 58 -60 50 -6 C40 -40 -40 -40 -50 -6Z",
        extras: puffs,
        extrasFront: fringe,
      };
    }
    case "pixie":
      return {
        back: "M-55 -20 C-62 -92 62 -92 55 -20 C57 12 52 34 44 40 L-44 40 C-52 34 -57 12 -55 -20Z",
        front: m(
          "M-54 10 C-64 -66 -20 -90 14 -86 C46 -82 64 -56 55 -6 C50 -30 40 -40 30 -42 C10 -20 -20 -18 -40 -14 C-46 -8 -50 0 -54 10Z",
        ),
      };
    case "twinbuns":
      return {
        back: "M-54 -26 C-60 -92 60 -92 54 -26 C54 20 50 60 60 90 L-60 90 C-50 60 -54 20 -54 -26Z",
        front: centerPart,
        extras: `<circle cx="-48" cy="-72" r="25"/><circle cx="48" cy="-72" r="25"/>`,
      };
    case "braid": {
      let braid = "";
      for (let i = 0; i < 8; i++) {
        const t = i / 7;
        const x = -44 - t * 30;
        const y = 34 + i * 21;
        braid += `<ellipse cx="${f(x + (i % 2 ? 5 : -5))}" cy="${y}" rx="${f(17 - t * 4)}" ry="14" transform="rotate(${i % 2 ? 25 : -25} ${f(x)} ${y})"/>`;
      }
      return {
        back: "M-56 -30 C-62 -94 62 -94 56 -30 C56 0 52 20 46 30 L-46 30 C-52 20 -56 0 -56 -30Z",
        front: swept,
        extrasOver: mirror ? `<g transform="scale(-1 1)">${braid}</g>` : braid,
      };
    }
    case "updo":
      return {
        back: "M-56 -30 C-64 -110 64 -110 56 -30 C52 -10 -52 -10 -56 -30Z",
        front: swept,
        extras: `<ellipse cx="0" cy="-90" rx="44" ry="30"/><ellipse cx="${mirror ? -28 : 28}" cy="-104" rx="22" ry="18"/>`,
        over: m("M50 -14 C60 16 54 40 60 62 C50 44 50 20 44 -6Z"),
      };
  }
}

// ---------------------------------------------------------------------------- face

function eyes(look: Look, id: string): string {
  const t = look.turn;
  const ox = t * 7;
  const out: string[] = [];
  const lash = darken(look.hair, 0.55);
  for (const side of [-1, 1]) {
    const far = side * t < 0; // the eye on the side the face turns away from is smaller
    const sx = far ? 0.88 : 1;
    const cx = side * 19 * (far ? 0.92 : 1) + ox;
    const cy = 4;
    const g = (inner: string) => `<g transform="translate(${f(cx)} ${cy}) scale(${side * sx} 1)">${inner}</g>`;
    // eyeshadow
    out.push(`<ellipse cx="${f(cx)}" cy="${cy - 5}" rx="${f(13 * sx)}" ry="7" fill="url(#${id}-eyeshadow)"/>`);
    if (look.eyes === "closed") {
      out.push(
        g(
          `<path d="M-11 0 C-6 6 6 6 11 -1" fill="none" stroke="${lash}" stroke-width="2.6" stroke-linecap="round"/>` +
            `<path d="M9 0 L14 -3 M5 3.5 L8 7.5 M0 4.6 L0.5 9 M-5 4 L-6.5 8" stroke="${lash}" stroke-width="1.6" stroke-linecap="round"/>`,
        ),
      );
    } else {
      const lidY = look.eyes === "lidded" ? -1.5 : -5.5;
      out.push(
        g(
          `<path d="M-11 1 C-6 -6 6 -7 11 -1 C6 4 -6 5 -11 1Z" fill="#fbf7f4"/>` +
            `<clipPath id="${id}-eye${side}"><path d="M-11 1 C-6 -6 6 -7 11 -1 C6 4 -6 5 -11 1Z"/></clipPath>` +
            `<g clip-path="url(#${id}-eye${side})"><circle cx="1" cy="0" r="5.6" fill="${look.iris}"/><circle cx="1" cy="0" r="2.6" fill="#140d12"/><circle cx="3" cy="-2" r="1.4" fill="#fff"/>` +
            `<path d="M-14 ${lidY} C-6 ${lidY - 8} 6 ${lidY - 8} 14 ${lidY} L14 -12 L-14 -12Z" fill="${darken(look.skin, 0.08)}"/></g>` +
            `<path d="M-12 ${lidY + 1.5} C-6 ${lidY - 5} 6 ${lidY - 6} 12 ${lidY}" fill="none" stroke="${lash}" stroke-width="2.8" stroke-linecap="round"/>` +
            `<path d="M11 ${lidY} L16 ${lidY - 4}" stroke="${lash}" stroke-width="2" stroke-linecap="round"/>`,
        ),
      );
    }
    // brow
    out.push(
      `<path d="M${f(cx - side * 12 * sx)} -13 C${f(cx - side * 4)} -19 ${f(cx + side * 6 * sx)} -19 ${f(cx + side * 13 * sx)} -14" fill="none" stroke="${darken(look.hair, 0.35)}" stroke-width="2.6" stroke-linecap="round" opacity="0.9"/>`,
    );
  }
  return out.join("");
}

function faceFeatures(look: Look, id: string): string {
  const ox = look.turn * 8;
  const skinShade = darken(look.skin, 0.18);
  const nose = `<path d="M${f(ox - 1)} 12 C${f(ox + 3)} 20 ${f(ox + 3)} 24 ${f(ox - 2)} 27" fill="none" stroke="${skinShade}" stroke-width="1.8" stroke-linecap="round" opacity="0.8"/>`;
  const lx = ox * 0.9;
  const lipDark = darken(look.lips, 0.25);
  const lips =
    `<path d="M${f(lx - 11)} 40 C${f(lx - 6)} 35 ${f(lx - 2)} 35 ${f(lx)} 37 C${f(lx + 2)} 35 ${f(lx + 6)} 35 ${f(lx + 11)} 40 C${f(lx + 5)} 41 ${f(lx - 5)} 41 ${f(lx - 11)} 40Z" fill="${lipDark}"/>` +
    `<path d="M${f(lx - 11)} 40 C${f(lx - 5)} 41.5 ${f(lx + 5)} 41.5 ${f(lx + 11)} 40 C${f(lx + 6)} 48 ${f(lx - 6)} 48 ${f(lx - 11)} 40Z" fill="${look.lips}"/>` +
    `<path d="M${f(lx - 3)} 44 C${f(lx)} 45 ${f(lx + 3)} 44.5 ${f(lx + 5)} 43.5" stroke="#fff" stroke-opacity="0.45" stroke-width="1.4" fill="none" stroke-linecap="round"/>`;
  const blush =
    `<ellipse cx="${f(-26 + ox)}" cy="24" rx="15" ry="9" fill="url(#${id}-blush)"/>` +
    `<ellipse cx="${f(26 + ox)}" cy="24" rx="15" ry="9" fill="url(#${id}-blush)"/>`;
  const hi =
    `<ellipse cx="${f(-24 + ox * 0.5)}" cy="16" rx="12" ry="7" fill="url(#${id}-hilite)"/>` +
    `<ellipse cx="${f(ox + 1)}" cy="24" rx="3" ry="2" fill="#fff" opacity="0.25"/>` +
    `<path d="M-40 22 C-34 44 -18 56 0 60" fill="none" stroke="${skinShade}" stroke-width="4" opacity="0.1" stroke-linecap="round"/>`;
  return blush + hi + eyes(look, id) + nose + lips;
}

// ---------------------------------------------------------------------------- headwear

function headwearBack(look: Look): string {
  const c = look.headwearColor;
  switch (look.headwear) {
    case "furhood":
      return `<path d="M-86 30 C-96 -108 96 -108 86 30 C86 74 70 104 48 118 L-48 118 C-70 104 -86 74 -86 30Z" fill="${c}"/><path d="M-86 30 C-96 -108 96 -108 86 30 C86 74 70 104 48 118 L-48 118 C-70 104 -86 74 -86 30Z" fill="url(#${look.id}-skinshade)"/>`;
    case "sharkhood":
      return `<path d="M-86 20 C-96 -112 96 -112 86 20 C90 70 76 106 56 122 L-56 122 C-76 106 -90 70 -86 20Z" fill="${c}"/>`;
    case "sunhat":
      return `<ellipse cx="0" cy="-52" rx="118" ry="34" fill="${darken(c, 0.2)}"/>`;
    default:
      return "";
  }
}

function headwearFront(look: Look, id: string): string {
  const c = look.headwearColor;
  const dark = darken(c, 0.3);
  const light = lighten(c, 0.35);
  switch (look.headwear) {
    case "tiara":
      return `<path d="M-42 -62 C-24 -72 24 -72 42 -62 L36 -78 L24 -70 L14 -90 L0 -74 L-14 -90 L-24 -70 L-36 -78Z" fill="${c}" stroke="${dark}" stroke-width="1.5"/><circle cx="0" cy="-80" r="5" fill="${look.neckwearColor}"/><circle cx="-14" cy="-84" r="3" fill="#fff"/><circle cx="14" cy="-84" r="3" fill="#fff"/>`;
    case "rose":
      return `<g transform="translate(${look.mirror ? -44 : 44} -56)"><circle r="16" fill="${c}"/><path d="M-10 -2 C-6 -12 8 -12 10 -2 C8 8 -6 10 -10 -2Z M-4 -4 C0 -8 6 -4 4 2" fill="none" stroke="${dark}" stroke-width="2"/><path d="M8 10 C18 12 24 20 22 26 C14 24 10 18 8 10Z" fill="#2f7d4a"/></g>`;
    case "mask":
      return `<path d="M-50 -6 C-40 -20 -14 -18 0 -8 C14 -18 40 -20 50 -6 C46 12 24 18 10 10 C4 6 -4 6 -10 10 C-24 18 -46 12 -50 -6Z M-30 -4 C-24 -9 -14 -8 -10 -2 C-16 4 -26 3 -30 -4Z M30 -4 C24 -9 14 -8 10 -2 C16 4 26 3 30 -4Z" fill="${c}" fill-rule="evenodd" stroke="${light}" stroke-width="1.5"/><path d="M50 -6 C64 -16 78 -34 74 -50" fill="none" stroke="${light}" stroke-width="2"/>`;
    case "feather":
      return `<g transform="translate(${look.mirror ? -40 : 40} -64) rotate(${look.mirror ? -20 : 20})"><path d="M0 0 C-14 -30 -8 -70 8 -96 C18 -66 16 -30 0 0Z" fill="${c}"/><path d="M0 0 C2 -40 4 -70 8 -96" stroke="${light}" stroke-width="1.5" fill="none"/><circle r="9" fill="${look.neckwearColor}"/></g>`;
    case "turban":
      return `<path d="M-60 -16 C-76 -110 76 -110 60 -16 C40 -34 -40 -34 -60 -16Z" fill="${c}"/><path d="M-58 -28 C-30 -70 30 -96 56 -60 M-54 -50 C-20 -60 20 -40 58 -30" fill="none" stroke="${dark}" stroke-width="3" opacity="0.5"/><path d="M-60 -16 C-40 -32 40 -32 60 -16" fill="none" stroke="${light}" stroke-width="3" opacity="0.6"/>`;
    case "kanzashi":
      return `<g transform="translate(${look.mirror ? -30 : 30} -80) rotate(${look.mirror ? 30 : -30})"><rect x="-2" y="-10" width="4" height="70" fill="${dark}"/><circle cx="0" cy="-12" r="9" fill="${c}"/><circle cx="-8" cy="-4" r="6" fill="${light}"/><path d="M0 0 L-6 26 M0 0 L6 30" stroke="${c}" stroke-width="2"/><circle cx="-6" cy="28" r="3" fill="${c}"/><circle cx="6" cy="32" r="3" fill="${c}"/></g>`;
    case "flower": {
      const x = look.mirror ? -46 : 46;
      let petals = "";
      for (let i = 0; i < 5; i++) petals += `<ellipse cx="0" cy="-11" rx="7" ry="12" transform="rotate(${i * 72})"/>`;
      return `<g transform="translate(${x} -40)" fill="${c}">${petals}<circle r="6" fill="${look.neckwearColor}"/></g>`;
    }
    case "earmuffs":
      return `<path d="M-54 -10 C-60 -100 60 -100 54 -10" fill="none" stroke="${dark}" stroke-width="7"/><circle cx="-54" cy="0" r="22" fill="${c}"/><circle cx="54" cy="0" r="22" fill="${c}"/><circle cx="-57" cy="-5" r="9" fill="${light}" opacity="0.6"/><circle cx="51" cy="-5" r="9" fill="${light}" opacity="0.6"/>`;
    case "beanie":
      return `<path d="M-58 -30 C-64 -112 64 -112 58 -30Z" fill="${c}"/><path d="M-62 -44 H62 V-22 H-62Z" fill="${dark}" rx="6"/><path d="M-50 -44 V-22 M-36 -44 V-22 M-22 -44 V-22 M-8 -44 V-22 M6 -44 V-22 M20 -44 V-22 M34 -44 V-22 M48 -44 V-22" stroke="${c}" stroke-width="3" opacity="0.7"/><circle cx="0" cy="-104" r="18" fill="${light}"/>`;
    case "furhood": {
      let fur = "";
      for (let i = 0; i <= 22; i++) {
        const a = ((160 + (i * 220) / 22) * Math.PI) / 180;
        fur += `<circle cx="${f(Math.cos(a) * 64)}" cy="${f(Math.sin(a) * 82 - 4)}" r="${11 + (i % 3) * 2.5}"/>`;
      }
      return `<g fill="#f6f1e7">${fur}</g><g fill="#fff" opacity="0.6" transform="translate(-2 -3)">${fur.replace(/r="([\d.]+)"/g, (_m, r: string) => `r="${Number(r) * 0.55}"`)}</g>`;
    }
    case "icecrown":
      return `<path d="M-44 -60 L-40 -92 L-28 -70 L-18 -108 L-6 -72 L0 -118 L6 -72 L18 -108 L28 -70 L40 -92 L44 -60 C20 -70 -20 -70 -44 -60Z" fill="url(#${id}-ice)" stroke="#e8fbff" stroke-width="1.5"/>`;
    case "cowboyhat":
      return (
        `<path d="M-104 -40 C-80 -26 80 -26 104 -40 C110 -50 96 -60 80 -56 C50 -48 -50 -48 -80 -56 C-96 -60 -110 -50 -104 -40Z" fill="${c}"/>` +
        `<path d="M-52 -50 C-56 -100 -40 -126 -16 -118 C-6 -114 6 -114 16 -118 C40 -126 56 -100 52 -50 C20 -44 -20 -44 -52 -50Z" fill="${c}"/>` +
        `<path d="M-52 -58 C-20 -50 20 -50 52 -58 L52 -50 C20 -44 -20 -44 -52 -50Z" fill="${look.neckwearColor}"/>` +
        `<path d="M-30 -112 C-16 -100 16 -100 30 -112" fill="none" stroke="${dark}" stroke-width="3" opacity="0.5"/>` +
        `<path d="M-104 -40 C-80 -26 80 -26 104 -40" fill="none" stroke="${light}" stroke-width="2" opacity="0.5"/>`
      );
    case "bandana":
      return `<path d="M-56 -34 C-40 -56 40 -56 56 -34 L54 -22 C40 -40 -40 -40 -54 -22Z" fill="${c}"/><path d="M54 -30 L76 -18 L70 -36Z" fill="${c}"/><circle cx="-20" cy="-42" r="2" fill="#fff" opacity="0.7"/><circle cx="10" cy="-44" r="2" fill="#fff" opacity="0.7"/><circle cx="36" cy="-38" r="2" fill="#fff" opacity="0.7"/>`;
    case "sleepmask":
      return `<path d="M-54 -40 C-40 -60 -10 -56 0 -48 C10 -56 40 -60 54 -40 C52 -22 30 -18 14 -24 C6 -28 -6 -28 -14 -24 C-30 -18 -52 -22 -54 -40Z" fill="${c}"/><path d="M-40 -36 C-32 -30 -22 -30 -16 -36 M16 -36 C22 -30 32 -30 40 -36" fill="none" stroke="${dark}" stroke-width="2"/><path d="M-38 -33 L-40 -28 M-28 -31 L-28 -26 M28 -31 L28 -26 M38 -33 L40 -28" stroke="${dark}" stroke-width="1.6"/>`;
    case "bow":
      return `<path d="M-56 -30 C-40 -76 40 -76 56 -30" fill="none" stroke="${c}" stroke-width="8"/><g transform="translate(${look.mirror ? -30 : 30} -66)"><path d="M0 0 L-26 -16 C-32 -4 -32 8 -26 16Z M0 0 L26 -16 C32 -4 32 8 26 16Z" fill="${c}"/><circle r="7" fill="${dark}"/></g>`;
    case "catears":
      return `<path d="M-56 -30 C-40 -76 40 -76 56 -30" fill="none" stroke="${dark}" stroke-width="6"/><path d="M-50 -56 L-44 -100 L-18 -74Z M50 -56 L44 -100 L18 -74Z" fill="${c}"/><path d="M-44 -62 L-41 -88 L-26 -73Z M44 -62 L41 -88 L26 -73Z" fill="#ffb3c8"/>`;
    case "headphones":
      return `<path d="M-56 -4 C-64 -104 64 -104 56 -4" fill="none" stroke="${dark}" stroke-width="9"/><rect x="-70" y="-22" width="22" height="44" rx="10" fill="${c}"/><rect x="48" y="-22" width="22" height="44" rx="10" fill="${c}"/>`;
    case "sunglasses":
      return `<path d="M-42 -6 H-4 C-4 12 -12 18 -24 18 C-38 18 -44 8 -42 -6Z M42 -6 H4 C4 12 12 18 24 18 C38 18 44 8 42 -6Z" fill="${c}" opacity="0.92"/><path d="M-4 -2 C-2 -6 2 -6 4 -2" fill="none" stroke="${dark}" stroke-width="2.5"/><path d="M-42 -6 H42" stroke="${dark}" stroke-width="3"/><path d="M-36 -2 L-26 8 M20 -2 L30 8" stroke="#fff" stroke-width="2.5" opacity="0.5"/>`;
    case "sunhat":
      return `<path d="M-118 -52 C-112 -30 112 -30 118 -52 C110 -70 60 -66 54 -64 C50 -120 -50 -120 -54 -64 C-60 -66 -110 -70 -118 -52Z" fill="${c}"/><path d="M-54 -64 C-20 -54 20 -54 54 -64 L54 -74 C20 -64 -20 -64 -54 -74Z" fill="${look.neckwearColor}"/><path d="M-100 -48 C-60 -40 60 -40 100 -48" stroke="${dark}" stroke-width="1.5" fill="none" opacity="0.5"/>`;
    case "visor":
      return `<path d="M-56 -40 C-40 -62 40 -62 56 -40 L56 -30 C40 -50 -40 -50 -56 -30Z" fill="${c}"/><path d="M-50 -34 C-30 -20 30 -20 50 -34 C40 -8 -40 -8 -50 -34Z" fill="${light}" opacity="0.85"/>`;
    case "divemask":
      return `<path d="M-58 -40 C-40 -54 40 -54 58 -40" fill="none" stroke="${dark}" stroke-width="8"/><rect x="-40" y="-66" width="80" height="34" rx="14" fill="${c}"/><rect x="-33" y="-60" width="66" height="22" rx="9" fill="#bfe9ff" opacity="0.8"/><path d="M-26 -56 L-14 -42" stroke="#fff" stroke-width="3" opacity="0.7"/><path d="M58 -40 V20 C58 34 66 36 70 30" fill="none" stroke="${light}" stroke-width="7" stroke-linecap="round"/>`;
    case "sharkhood":
      return (
        `<path d="M-86 20 C-96 -112 96 -112 86 20 L72 20 C78 -60 46 -84 0 -84 C-46 -84 -78 -60 -72 20Z" fill="${c}"/>` +
        `<path d="M-86 20 C-96 -112 96 -112 86 20 L72 20 C78 -60 46 -84 0 -84 C-46 -84 -78 -60 -72 20Z" fill="url(#${look.id}-skinshade)"/>` +
        `<path d="M-66 -60 L-58 -46 L-50 -62 L-42 -50 L-32 -68 L-24 -56 L-12 -72 L0 -60 L12 -72 L24 -56 L32 -68 L42 -50 L50 -62 L58 -46 L66 -60 C48 -82 -48 -82 -66 -60Z" fill="#fafafa"/>` +
        `<path d="M-20 -104 C-10 -140 20 -150 30 -146 C20 -130 18 -116 20 -100Z" fill="${c}"/>` +
        `<circle cx="-54" cy="-84" r="5" fill="#111"/><circle cx="54" cy="-84" r="5" fill="#111"/>`
      );
    case "captainhat":
      return `<path d="M-60 -56 C-66 -96 66 -96 60 -56Z" fill="#f4f4f4"/><path d="M-58 -58 H58 V-46 H-58Z" fill="${c}"/><path d="M-50 -48 C-30 -26 30 -26 50 -48Z" fill="#111a2e"/><circle cx="0" cy="-70" r="9" fill="#f5c542"/><path d="M-6 -70 H6 M0 -76 V-64" stroke="${c}" stroke-width="2"/>`;
    default:
      return "";
  }
}

/** A fluffy edge along an arc (fur trim). */
function fluff(x1: number, y1: number, x2: number, y2: number, arcH: number, n: number, color: string): string {
  let out = "";
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    const x = x1 + (x2 - x1) * t;
    const y = y1 + (y2 - y1) * t - Math.sin(t * Math.PI) * arcH;
    out += `<circle cx="${f(x)}" cy="${f(y)}" r="${9 + (i % 3) * 2}"/>`;
  }
  return `<g fill="${color}">${out}</g>`;
}

// ---------------------------------------------------------------------------- outfit

function torsoPath(cx: number): string {
  return (
    `M${cx - 24} 286 C${cx - 40} 304 ${cx - 78} 308 ${cx - 106} 320 C${cx - 134} 332 ${cx - 144} 364 ${cx - 148} 404 L${cx - 154} 470 ` +
    `L${cx + 154} 470 L${cx + 148} 404 C${cx + 144} 364 ${cx + 134} 332 ${cx + 106} 320 C${cx + 78} 308 ${cx + 40} 304 ${cx + 24} 286Z`
  );
}

function outfit(look: Look, cx: number, id: string): { body: string; neck: string } {
  const o = look.outfit;
  const a = look.outfitAccent;
  const dark = darken(o, 0.35);
  const fill = look.pattern === "none" ? `url(#${id}-cloth)` : `url(#${id}-pat)`;
  const torso = torsoPath(cx);
  const sheen = `<path d="${torso}" fill="url(#${id}-clothshade)"/>`;
  // Skin visible in the neckline: drawn first, then cloth with a neckline cut-out.
  const skinBase = `<path d="${torso}" fill="${look.skin}"/><path d="${torso}" fill="url(#${id}-skinshade)"/>`;
  const seam = `<path d="M${cx - 100} 356 C${cx - 94} 400 ${cx - 94} 430 ${cx - 96} 470 M${cx + 100} 356 C${cx + 94} 400 ${cx + 94} 430 ${cx + 96} 470" fill="none" stroke="${dark}" stroke-width="3" opacity="0.45"/>` +
    `<path d="${torso}" fill="none" stroke="#fff" stroke-opacity="0.22" stroke-width="2.5"/>`;
  const cloth = (cut: string, extra = "") =>
    `<path d="${torso} ${cut}" fill="${fill}" fill-rule="evenodd"/>` +
    `<path d="${torso} ${cut}" fill="url(#${id}-clothshade)" fill-rule="evenodd"/>${seam}${extra}`;
  switch (look.neckline) {
    case "crew":
      return { body: skinBase + cloth(`M${cx - 34} 296 C${cx - 24} 318 ${cx + 24} 318 ${cx + 34} 296 C${cx + 20} 288 ${cx - 20} 288 ${cx - 34} 296Z`, `<path d="M${cx - 34} 296 C${cx - 24} 318 ${cx + 24} 318 ${cx + 34} 296" fill="none" stroke="${a}" stroke-width="5"/>`), neck: "" };
    case "vneck":
      return { body: skinBase + cloth(`M${cx - 30} 294 L${cx} 344 L${cx + 30} 294 C${cx + 14} 286 ${cx - 14} 286 ${cx - 30} 294Z`, `<path d="M${cx - 30} 294 L${cx} 344 L${cx + 30} 294" fill="none" stroke="${a}" stroke-width="5" stroke-linejoin="round"/>`), neck: "" };
    case "square":
      return { body: skinBase + cloth(`M${cx - 46} 300 L${cx - 46} 336 C${cx - 20} 340 ${cx + 20} 340 ${cx + 46} 336 L${cx + 46} 300 C${cx + 20} 292 ${cx - 20} 292 ${cx - 46} 300Z`, `<path d="M${cx - 46} 300 L${cx - 46} 336 C${cx - 20} 340 ${cx + 20} 340 ${cx + 46} 336 L${cx + 46} 300" fill="none" stroke="${a}" stroke-width="4"/>`), neck: "" };
    case "gown":
      // High halter gown: straps meet at the neck, bodice curve, a brooch.
      return {
        body:
          skinBase +
          `<path d="M${cx - 160} 470 C${cx - 150} 420 ${cx - 120} 372 ${cx - 84} 360 C${cx - 60} 352 ${cx - 28} 300 ${cx - 20} 286 L${cx + 20} 286 C${cx + 28} 300 ${cx + 60} 352 ${cx + 84} 360 C${cx + 120} 372 ${cx + 150} 420 ${cx + 160} 470Z" fill="${fill}"/>` +
          `<path d="M${cx - 160} 470 C${cx - 150} 420 ${cx - 120} 372 ${cx - 84} 360 C${cx - 60} 352 ${cx - 28} 300 ${cx - 20} 286 L${cx + 20} 286 C${cx + 28} 300 ${cx + 60} 352 ${cx + 84} 360 C${cx + 120} 372 ${cx + 150} 420 ${cx + 160} 470Z" fill="url(#${id}-clothshade)"/>` +
          `<ellipse cx="${cx}" cy="420" rx="90" ry="80" fill="url(#${id}-gownsheen)"/>` +
          `<path d="M${cx - 20} 286 C${cx - 28} 300 ${cx - 60} 352 ${cx - 84} 360 M${cx + 20} 286 C${cx + 28} 300 ${cx + 60} 352 ${cx + 84} 360" fill="none" stroke="${a}" stroke-width="3" opacity="0.8"/>` +
          // sheer opera shawl across the shoulders
          `<path d="M${cx - 170} 420 C${cx - 150} 380 ${cx - 130} 350 ${cx - 110} 346 C${cx - 80} 380 ${cx - 70} 430 ${cx - 76} 470 L${cx - 170} 470Z M${cx + 170} 420 C${cx + 150} 380 ${cx + 130} 350 ${cx + 110} 346 C${cx + 80} 380 ${cx + 70} 430 ${cx + 76} 470 L${cx + 170} 470Z" fill="${a}" opacity="0.45"/>`,
        neck: `<path d="M${cx - 22} 284 H${cx + 22} V294 H${cx - 22}Z" fill="${a}"/>`,
      };
    case "turtle":
      return {
        body: skinBase + cloth(""),
        neck: `<path d="M${cx - 30} 300 L${cx - 26} 244 C${cx - 10} 250 ${cx + 10} 250 ${cx + 26} 244 L${cx + 30} 300 C${cx + 10} 308 ${cx - 10} 308 ${cx - 30} 300Z" fill="${fill}"/><path d="M${cx - 30} 300 L${cx - 26} 244 C${cx - 10} 250 ${cx + 10} 250 ${cx + 26} 244 L${cx + 30} 300Z" fill="url(#${id}-clothshade)"/><path d="M${cx - 28} 262 C${cx - 10} 268 ${cx + 10} 268 ${cx + 28} 262 M${cx - 29} 278 C${cx - 10} 284 ${cx + 10} 284 ${cx + 29} 278" fill="none" stroke="${dark}" stroke-width="2" opacity="0.5"/>`,
      };
    case "collar": {
      const cut = `M${cx - 26} 290 L${cx} 336 L${cx + 26} 290 C${cx + 14} 284 ${cx - 14} 284 ${cx - 26} 290Z`;
      const collar =
        `<path d="M${cx - 28} 284 L${cx - 66} 318 L${cx - 40} 340 L${cx} 336 L${cx - 24} 296Z" fill="${a}"/>` +
        `<path d="M${cx + 28} 284 L${cx + 66} 318 L${cx + 40} 340 L${cx} 336 L${cx + 24} 296Z" fill="${a}"/>` +
        `<path d="M${cx} 336 V470" stroke="${dark}" stroke-width="2" opacity="0.6"/>` +
        [372, 408, 444].map((y) => `<circle cx="${cx + 7}" cy="${y}" r="4" fill="${lighten(a, 0.3)}" stroke="${dark}" stroke-width="1"/>`).join("");
      return { body: skinBase + cloth(cut, collar), neck: "" };
    }
    case "kimono": {
      const collarL = `M${cx - 30} 280 L${cx + 44} 470 L${cx + 18} 470 L${cx - 44} 302Z`;
      const collarR = `M${cx + 30} 280 L${cx - 10} 386 L${cx - 26} 372 L${cx + 16} 288Z`;
      const cut = `M${cx - 30} 284 L${cx + 2} 362 L${cx + 30} 284 C${cx + 14} 278 ${cx - 14} 278 ${cx - 30} 284Z`;
      return {
        body:
          skinBase +
          cloth(cut) +
          `<path d="${collarR}" fill="${a}"/><path d="${collarL}" fill="${a}"/><path d="${collarL}" fill="url(#${id}-clothshade)"/>` +
          `<path d="M${cx - 166} 432 H${cx + 166} V470 H${cx - 166}Z" fill="${darken(a, 0.15)}"/><path d="M${cx - 166} 440 H${cx + 166}" stroke="${lighten(a, 0.3)}" stroke-width="2"/>`,
        neck: "",
      };
    }
    case "hoodie": {
      const cut = `M${cx - 30} 292 C${cx - 20} 314 ${cx + 20} 314 ${cx + 30} 292 C${cx + 14} 284 ${cx - 14} 284 ${cx - 30} 292Z`;
      const hood = `<path d="M${cx - 92} 322 C${cx - 70} 280 ${cx - 40} 294 ${cx - 30} 300 C${cx - 14} 322 ${cx + 14} 322 ${cx + 30} 300 C${cx + 40} 294 ${cx + 70} 280 ${cx + 92} 322 C${cx + 60} 340 ${cx + 30} 334 ${cx} 332 C${cx - 30} 334 ${cx - 60} 340 ${cx - 92} 322Z" fill="${darken(o, 0.12)}"/>`;
      const strings = `<path d="M${cx - 14} 326 V386 M${cx + 14} 326 V376" stroke="${a}" stroke-width="3.5" stroke-linecap="round"/><circle cx="${cx - 14}" cy="388" r="4" fill="${a}"/><circle cx="${cx + 14}" cy="378" r="4" fill="${a}"/>`;
      return { body: skinBase + cloth(cut, hood + strings), neck: "" };
    }
    case "zip": {
      const panel = `<path d="M${cx - 122} 322 C${cx - 90} 360 ${cx - 60} 380 ${cx - 40} 470 L${cx - 166} 470 C${cx - 160} 376 ${cx - 150} 338 ${cx - 122} 322Z M${cx + 122} 322 C${cx + 90} 360 ${cx + 60} 380 ${cx + 40} 470 L${cx + 166} 470 C${cx + 160} 376 ${cx + 150} 338 ${cx + 122} 322Z" fill="${a}"/>`;
      const collar = `<path d="M${cx - 30} 300 L${cx - 28} 258 C${cx - 10} 264 ${cx + 10} 264 ${cx + 28} 258 L${cx + 30} 300Z" fill="${fill}"/><path d="M${cx - 30} 300 L${cx - 28} 258 C${cx - 10} 264 ${cx + 10} 264 ${cx + 28} 258 L${cx + 30} 300Z" fill="url(#${id}-clothshade)"/>`;
      const zipper = `<path d="M${cx} 262 V470" stroke="${lighten(a, 0.5)}" stroke-width="3"/><path d="M${cx} 262 V470" stroke="${dark}" stroke-width="1" stroke-dasharray="2 3"/><rect x="${cx - 4}" y="300" width="8" height="14" rx="2" fill="#d9dde6"/>`;
      return { body: skinBase + cloth("", panel), neck: collar + zipper };
    }
    case "furcoat": {
      const trim = fluff(cx - 110, 330, cx + 110, 330, 46, 16, look.outfitAccent);
      const lapels = `<path d="M${cx - 8} 470 L${cx - 30} 340 M${cx + 8} 470 L${cx + 30} 340" stroke="${dark}" stroke-width="3" opacity="0.5"/>`;
      return {
        body: skinBase + cloth(`M${cx - 34} 294 C${cx - 24} 318 ${cx + 24} 318 ${cx + 34} 294Z`, lapels),
        neck: trim + `<path d="M${cx - 40} 322 C${cx - 60} 380 ${cx - 40} 470 ${cx - 30} 470 M${cx + 40} 322 C${cx + 60} 380 ${cx + 40} 470 ${cx + 30} 470" stroke="${look.outfitAccent}" stroke-width="22" fill="none" stroke-linecap="round"/>`,
      };
    }
  }
}

function neckwear(look: Look, cx: number): string {
  const c = look.neckwearColor;
  switch (look.neckwear) {
    case "pearls": {
      let out = "";
      for (let i = 0; i <= 14; i++) {
        const t = i / 14;
        const x = cx - 34 + 68 * t;
        const y = 292 + Math.sin(t * Math.PI) * 30;
        out += `<circle cx="${f(x)}" cy="${f(y)}" r="4" fill="${c}" stroke="${darken(c, 0.3)}" stroke-width="0.8"/>`;
      }
      return out;
    }
    case "choker":
      return `<path d="M${cx - 20} 268 C${cx - 8} 274 ${cx + 8} 274 ${cx + 20} 268" stroke="${c}" stroke-width="6" fill="none"/><circle cx="${cx}" cy="280" r="6" fill="${lighten(c, 0.4)}" stroke="${darken(c, 0.3)}"/>`;
    case "pendant":
      return `<path d="M${cx - 28} 292 C${cx - 16} 326 ${cx + 16} 326 ${cx + 28} 292" stroke="#e9c46a" stroke-width="1.8" fill="none"/><path d="M${cx} 320 L${cx + 8} 332 L${cx} 346 L${cx - 8} 332Z" fill="${c}" stroke="#e9c46a" stroke-width="1.5"/>`;
    case "scarf":
      return `<path d="M${cx - 50} 300 C${cx - 30} 276 ${cx + 30} 276 ${cx + 50} 300 C${cx + 40} 326 ${cx - 40} 326 ${cx - 50} 300Z" fill="${c}"/><path d="M${cx + 14} 314 L${cx + 40} 430 L${cx + 14} 436 L${cx - 4} 318Z" fill="${darken(c, 0.12)}"/><path d="M${cx + 16} 424 L${cx + 40} 430 M${cx + 20} 432 L${cx + 22} 446 M${cx + 28} 432 L${cx + 30} 446 M${cx + 36} 431 L${cx + 38} 445" stroke="${c}" stroke-width="3"/><path d="M${cx - 40} 296 C${cx - 20} 306 ${cx + 20} 306 ${cx + 40} 296" stroke="${lighten(c, 0.3)}" stroke-width="3" fill="none"/>`;
    case "neckerchief":
      return `<path d="M${cx - 34} 290 C${cx - 14} 300 ${cx + 14} 300 ${cx + 34} 290 L${cx} 346Z" fill="${c}"/><path d="M${cx - 12} 300 L${cx} 312 L${cx + 12} 300" fill="none" stroke="${darken(c, 0.3)}" stroke-width="2"/><circle cx="${cx - 10}" cy="318" r="2" fill="#fff" opacity="0.7"/><circle cx="${cx + 8}" cy="324" r="2" fill="#fff" opacity="0.7"/>`;
    case "toothnecklace":
      return `<path d="M${cx - 30} 290 C${cx - 16} 322 ${cx + 16} 322 ${cx + 30} 290" stroke="#3b2a1a" stroke-width="2.5" fill="none"/><path d="M${cx - 6} 314 L${cx} 338 L${cx + 6} 314Z" fill="#f7f3e8" stroke="#c9bfa8"/><path d="M${cx - 20} 306 L${cx - 18} 322 L${cx - 12} 309Z M${cx + 20} 306 L${cx + 18} 322 L${cx + 12} 309Z" fill="#f7f3e8"/>`;
    case "lei": {
      let out = "";
      for (let i = 0; i <= 12; i++) {
        const t = i / 12;
        const x = cx - 56 + 112 * t;
        const y = 300 + Math.sin(t * Math.PI) * 40;
        out += `<circle cx="${f(x)}" cy="${f(y)}" r="9" fill="${i % 2 ? c : lighten(c, 0.4)}"/>`;
      }
      return out;
    }
    case "whistle":
      return `<path d="M${cx - 26} 290 C${cx - 16} 330 ${cx + 16} 330 ${cx + 26} 290" stroke="${c}" stroke-width="3" fill="none"/><rect x="${cx - 8}" y="322" width="18" height="10" rx="4" fill="#d9dde6" stroke="#8a91a3"/>`;
    default:
      return "";
  }
}

// ---------------------------------------------------------------------------- assembly

export function figureDefs(look: Look): string {
  const id = look.id;
  return `
  <filter id="${id}-soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="3"/></filter>
  <radialGradient id="${id}-eyeshadow"><stop offset="0" stop-color="${look.shadow}" stop-opacity="0.55"/><stop offset="1" stop-color="${look.shadow}" stop-opacity="0"/></radialGradient>
  <radialGradient id="${id}-blush"><stop offset="0" stop-color="#ff6b8a" stop-opacity="0.3"/><stop offset="1" stop-color="#ff6b8a" stop-opacity="0"/></radialGradient>
  <radialGradient id="${id}-hilite"><stop offset="0" stop-color="#fff" stop-opacity="0.2"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
  <radialGradient id="${id}-gownsheen"><stop offset="0" stop-color="${lighten(look.outfit, 0.35)}" stop-opacity="0.4"/><stop offset="1" stop-color="${lighten(look.outfit, 0.35)}" stop-opacity="0"/></radialGradient>
  <radialGradient id="${id}-floor"><stop offset="0" stop-color="#000" stop-opacity="0.4"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
  <linearGradient id="${id}-cloth" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${lighten(look.outfit, 0.12)}"/><stop offset="1" stop-color="${darken(look.outfit, 0.2)}"/></linearGradient>
  <linearGradient id="${id}-clothshade" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="#fff" stop-opacity="0.16"/><stop offset="0.35" stop-color="#fff" stop-opacity="0"/>
    <stop offset="0.7" stop-color="#000" stop-opacity="0.08"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/>
  </linearGradient>
  <linearGradient id="${id}-skinshade" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="#fff" stop-opacity="0.1"/><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.22"/>
  </linearGradient>
  <radialGradient id="${id}-faceshade" cx="0.38" cy="0.35" r="0.75">
    <stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#3a1020" stop-opacity="0.28"/>
  </radialGradient>
  <linearGradient id="${id}-hair" x1="0" y1="0" x2="0.4" y2="1">
    <stop offset="0" stop-color="${lighten(look.hair, 0.12)}"/><stop offset="1" stop-color="${darken(look.hair, 0.3)}"/>
  </linearGradient>
  <linearGradient id="${id}-hairhi" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="0.45" stop-color="#fff" stop-opacity="0.28"/><stop offset="0.6" stop-color="#fff" stop-opacity="0"/>
  </linearGradient>
  <radialGradient id="${id}-halo" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${look.glow}" stop-opacity="0.55"/><stop offset="0.6" stop-color="${look.glow}" stop-opacity="0.18"/><stop offset="1" stop-color="${look.glow}" stop-opacity="0"/></radialGradient>
  <linearGradient id="${id}-ice" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#7dd3fc"/></linearGradient>
  ${patternDef(`${id}-pat`, look.pattern, look.outfit, look.patternColor)}`;
}

/** The figure, in art-window coordinates. */
export function figure(look: Look): string {
  const id = look.id;
  const cx = HEAD_X + look.bodyDx;
  const hx = cx + look.headDx;
  const hy = HEAD_Y;
  const hair = hairShapes(look.hairStyle, look.mirror);
  const hairFill = `url(#${id}-hair)`;
  const headT = `translate(${f(hx)} ${hy}) rotate(${f(look.tilt)} 0 90) scale(${HEAD_SCALE})`;
  const extrasBack = hair.extras ?? "";
  const hairShine = `<path d="${hair.front}" fill="url(#${id}-hairhi)"/>`;
  const body = outfit(look, cx, id);

  const skinDark = darken(look.skin, 0.22);
  const neck =
    `<path d="M${f(hx - 18)} 236 C${f(hx - 18)} 262 ${cx - 22} 276 ${cx - 24} 300 L${cx + 24} 300 C${cx + 22} 276 ${f(hx + 18)} 262 ${f(hx + 18)} 236Z" fill="${look.skin}"/>` +
    `<path d="M${f(hx - 18)} 236 C${f(hx - 18)} 262 ${cx - 22} 276 ${cx - 24} 300 L${cx + 24} 300 C${cx + 22} 276 ${f(hx + 18)} 262 ${f(hx + 18)} 236Z" fill="url(#${id}-skinshade)"/>` +
    `<path d="M${f(hx - 20)} 262 C${f(hx - 8)} 284 ${f(hx + 8)} 284 ${f(hx + 20)} 262 L${f(hx + 20)} 250 L${f(hx - 20)} 250Z" fill="${skinDark}" opacity="0.6"/>`;

  const earring = look.earrings
    ? `<circle cx="-47" cy="14" r="3.2" fill="#f5d77a"/><path d="M-47 17 L-47 26" stroke="#f5d77a" stroke-width="1.5"/><circle cx="-47" cy="30" r="4.5" fill="${look.neckwearColor}"/>` +
      `<circle cx="47" cy="14" r="3.2" fill="#f5d77a"/><path d="M47 17 L47 26" stroke="#f5d77a" stroke-width="1.5"/><circle cx="47" cy="30" r="4.5" fill="${look.neckwearColor}"/>`
    : "";
  const hideHairTop = look.headwear === "turban" || look.headwear === "sharkhood" || look.headwear === "furhood";

  return `
  <g>
    <circle cx="${f(hx)}" cy="${hy - 10}" r="150" fill="url(#${id}-halo)"/>
    <ellipse cx="${cx}" cy="470" rx="210" ry="80" fill="url(#${id}-floor)"/>
    <g transform="${headT}">
      ${headwearBack(look)}
      ${hideHairTop ? "" : `<path d="${hair.back}" fill="${hairFill}"/><g fill="${hairFill}">${extrasBack}</g>`}
    </g>
    ${neck}
    ${body.body}
    ${body.neck}
    ${neckwear(look, cx)}
    <g transform="${headT}">
      ${hair.over && !hideHairTop ? `<path d="${hair.over}" fill="${hairFill}"/>` : ""}
      ${hair.extrasOver && !hideHairTop ? `<g fill="${hairFill}">${hair.extrasOver}</g>` : ""}
      <ellipse cx="-46" cy="6" rx="7" ry="12" fill="${look.skin}"/><ellipse cx="46" cy="6" rx="7" ry="12" fill="${look.skin}"/>
      <path d="${FACE}" fill="${look.skin}"/>
      <path d="${FACE}" fill="url(#${id}-faceshade)"/>
      ${faceFeatures(look, id)}
      ${earring}
      ${hideHairTop ? "" : `<path d="${hair.front}" fill="${darken(look.skin, 0.35)}" opacity="0.35" transform="translate(2 5)" filter="url(#${id}-soft)"/><path d="${hair.front}" fill="${hairFill}"/>${hairShine}`}
      ${hair.extrasFront && !hideHairTop ? `<g fill="${hairFill}">${hair.extrasFront}</g>` : ""}
      ${hideHairTop ? `<path d="M-60 2 C-66 -98 66 -98 60 2 C50 -34 30 -46 0 -46 C-30 -46 -50 -34 -60 2Z" fill="${hairFill}"/>${hairShine.replace(hair.front, "M-60 2 C-66 -98 66 -98 60 2 C50 -34 30 -46 0 -46 C-30 -46 -50 -34 -60 2Z")}` : ""}
      ${headwearFront(look, id)}
    </g>
  </g>`;
}

export { mix };
