/**
 * Small emblem glyphs (filled shapes) in a box from -20 to 20, for card medallions and packs.
 */
export type EmblemKind =
  | "moon"
  | "star"
  | "rose"
  | "diamond"
  | "mask"
  | "glass"
  | "lantern"
  | "wave"
  | "fan"
  | "blossom"
  | "teacup"
  | "snowflake"
  | "pine"
  | "crystal"
  | "sheriff"
  | "horseshoe"
  | "cactus"
  | "boot"
  | "heart"
  | "moonstars"
  | "feather"
  | "candle"
  | "sun"
  | "ring"
  | "shell"
  | "palm"
  | "fin"
  | "anchor"
  | "tooth"
  | "trident";

function starPath(cx: number, cy: number, r1: number, r2: number, n: number, rot = -90): string {
  let d = "";
  for (let i = 0; i < n * 2; i++) {
    const r = i % 2 ? r2 : r1;
    const a = ((rot + (i * 180) / n) * Math.PI) / 180;
    d += `${i ? "L" : "M"}${(cx + Math.cos(a) * r).toFixed(2)} ${(cy + Math.sin(a) * r).toFixed(2)}`;
  }
  return d + "Z";
}

/** Returns SVG elements drawn with `color` (and `accent` for details). */
export function emblemIcon(kind: EmblemKind, color: string, accent: string): string {
  const F = (d: string, c = color) => `<path d="${d}" fill="${c}"/>`;
  const S = (d: string, w = 2.5, c = color) => `<path d="${d}" fill="none" stroke="${c}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round"/>`;
  switch (kind) {
    case "moon":
      return F("M6 -17 C-6 -19 -17 -9 -17 3 C-17 14 -8 20 2 19 C10 18 15 14 17 9 C4 13 -8 6 -8 -4 C-8 -11 -2 -16 6 -17Z");
    case "star":
      return F(starPath(0, 1, 18, 7.5, 5));
    case "rose":
      return F("M0 -16 C10 -16 14 -8 12 -2 C10 6 4 8 0 8 C-4 8 -10 6 -12 -2 C-14 -8 -10 -16 0 -16Z") + S("M-5 -8 C-2 -12 4 -10 4 -5 C4 0 -3 1 -4 -4", 1.8, accent) + F("M0 8 L0 19 M0 12 C6 9 10 11 11 14 C6 16 2 15 0 12Z", accent) + S("M0 8 L0 19", 2, accent);
    case "diamond":
      return F("M-16 -6 L-9 -15 H9 L16 -6 L0 17Z") + S("M-16 -6 H16 M-9 -15 L-4 -6 L0 17 L4 -6 L9 -15", 1.2, accent);
    case "mask":
      return F("M-19 -6 C-14 -13 -5 -12 0 -6 C5 -12 14 -13 19 -6 C18 6 8 9 3 4 C1 2 -1 2 -3 4 C-8 9 -18 6 -19 -6Z M-12 -3 C-9 -6 -5 -5 -4 -2 C-7 1 -11 0 -12 -3Z M12 -3 C9 -6 5 -5 4 -2 C7 1 11 0 12 -3Z");
    case "glass":
      return F("M-12 -17 H12 L0 0Z") + S("M0 0 V15 M-8 16 H8", 2.5) + `<circle cx="3" cy="-12" r="2.4" fill="${accent}"/>`;
    case "lantern":
      return F("M-7 -18 H7 V-14 H-7Z M-7 14 H7 V18 H-7Z") + F("M0 -14 C14 -14 16 -6 16 0 C16 6 14 14 0 14 C-14 14 -16 6 -16 0 C-16 -6 -14 -14 0 -14Z") + S("M-15 -5 H15 M-15 5 H15 M0 -14 V14", 1.3, accent);
    case "wave":
      return F("M-19 6 C-14 -10 2 -16 12 -8 C6 -8 2 -4 4 2 C6 6 12 6 17 2 C16 10 8 17 -2 17 C-10 17 -17 13 -19 6Z") + S("M-19 17 H19", 2.5);
    case "fan":
      return F("M0 14 L-18 -6 C-12 -16 12 -16 18 -6Z") + S("M0 14 L-12 -12 M0 14 L-4 -15 M0 14 L4 -15 M0 14 L12 -12", 1.3, accent) + `<circle cy="14" r="3" fill="${accent}"/>`;
    case "blossom": {
      let p = "";
      for (let i = 0; i < 5; i++) p += `<ellipse cx="0" cy="-9" rx="6.5" ry="9.5" transform="rotate(${i * 72})" fill="${color}"/>`;
      return p + `<circle r="4.5" fill="${accent}"/>`;
    }
    case "teacup":
      return F("M-15 -4 H11 C11 8 6 14 -2 14 C-10 14 -15 8 -15 -4Z") + S("M11 -1 C18 -1 18 8 10 8", 2.4) + S("M-6 -9 C-9 -13 -3 -15 -6 -19 M2 -9 C-1 -13 5 -15 2 -19", 1.6, accent) + S("M-17 17 H13", 2.5);
    case "snowflake": {
      let d = "";
      for (let i = 0; i < 6; i++) {
        const a = (i * Math.PI) / 3;
        const x = Math.cos(a);
        const y = Math.sin(a);
        d += `M0 0 L${(x * 18).toFixed(1)} ${(y * 18).toFixed(1)} `;
        const bx = x * 10;
        const by = y * 10;
        const a1 = a + 0.7;
        const a2 = a - 0.7;
        d += `M${bx.toFixed(1)} ${by.toFixed(1)} L${(bx + Math.cos(a1) * 6).toFixed(1)} ${(by + Math.sin(a1) * 6).toFixed(1)} M${bx.toFixed(1)} ${by.toFixed(1)} L${(bx + Math.cos(a2) * 6).toFixed(1)} ${(by + Math.sin(a2) * 6).toFixed(1)} `;
      }
      return S(d, 2.4);
    }
    case "pine":
      return F("M0 -19 L9 -6 H5 L13 5 H7 L16 14 H-16 L-7 5 H-13 L-5 -6 H-9Z") + F("M-3 14 H3 V19 H-3Z", accent);
    case "crystal":
      return F("M0 -19 L9 -4 L5 17 H-5 L-9 -4Z") + F("M-14 -6 L-9 -4 L-5 17 L-13 10Z", accent) + F("M14 -6 L9 -4 L5 17 L13 10Z", accent);
    case "sheriff":
      return F(starPath(0, 0, 18, 9, 6)) + `<circle r="6" fill="${accent}"/>` + [0, 1, 2, 3, 4, 5].map((i) => `<circle cx="${(Math.cos(((i * 60 - 90) * Math.PI) / 180) * 18).toFixed(1)}" cy="${(Math.sin(((i * 60 - 90) * Math.PI) / 180) * 18).toFixed(1)}" r="2.6" fill="${color}"/>`).join("");
    case "horseshoe":
      return S("M-11 16 L-13 0 C-14 -12 -7 -17 0 -17 C7 -17 14 -12 13 0 L11 16", 7) + [-1, 1].map((s) => `<circle cx="${s * 12}" cy="-2" r="1.5" fill="${accent}"/><circle cx="${s * 9}" cy="-12" r="1.5" fill="${accent}"/>`).join("");
    case "cactus":
      return S("M0 18 V-14 M0 4 H-9 V-6 M0 -2 H9 V-10", 7) + S("M-14 18 H14", 2.5);
    case "boot":
      return F("M-8 -18 H6 L7 4 C12 6 18 8 18 14 V17 H-10 C-12 17 -12 14 -11 12Z") + S("M-8 -12 H6 M-10 12 H18", 1.5, accent);
    case "heart":
      return F("M0 17 C-18 5 -20 -6 -14 -12 C-9 -17 -2 -15 0 -9 C2 -15 9 -17 14 -12 C20 -6 18 5 0 17Z");
    case "moonstars":
      return F("M4 -16 C-7 -17 -15 -8 -15 2 C-15 12 -7 17 2 16 C8 15 12 12 14 8 C3 11 -6 5 -6 -4 C-6 -10 -1 -15 4 -16Z") + F(starPath(11, -9, 7, 3, 4), accent);
    case "feather":
      return F("M12 -18 C-6 -14 -14 2 -14 14 C-4 10 10 2 12 -18Z") + S("M-16 18 L6 -8", 1.6, accent);
    case "candle":
      return F("M-7 -4 H7 V17 H-7Z") + F("M0 -19 C5 -13 5 -8 0 -7 C-5 -8 -5 -13 0 -19Z", accent);
    case "sun":
      return `<circle r="9" fill="${color}"/>` + S([0, 1, 2, 3, 4, 5, 6, 7].map((i) => { const a = (i * Math.PI) / 4; return `M${(Math.cos(a) * 13).toFixed(1)} ${(Math.sin(a) * 13).toFixed(1)} L${(Math.cos(a) * 18.5).toFixed(1)} ${(Math.sin(a) * 18.5).toFixed(1)}`; }).join(" "), 2.6);
    case "ring":
      return `<circle r="13" fill="none" stroke="${color}" stroke-width="9"/>` + S("M-13 -9 L-8 -5 M9 -10 L5 -5 M-10 10 L-6 6 M10 10 L6 6", 3.5, accent);
    case "shell":
      return F("M0 16 L-17 -2 C-14 -14 14 -14 17 -2Z") + S("M0 16 L-10 -10 M0 16 L-3 -13 M0 16 L4 -13 M0 16 L11 -9", 1.4, accent);
    case "palm":
      return S("M2 18 C4 6 2 -4 -2 -10", 3) + F("M-2 -10 C-12 -16 -18 -8 -19 -2 C-12 -8 -6 -9 -2 -10Z M-2 -10 C6 -18 14 -14 18 -8 C10 -10 4 -10 -2 -10Z M-2 -10 C-4 -19 2 -20 6 -19 C2 -16 0 -14 -2 -10Z");
    case "fin":
      return F("M-16 12 C-8 4 -2 -10 4 -19 C6 -6 10 4 18 12Z") + S("M-19 14 C-12 10 -6 18 0 14 C6 10 12 18 19 14", 2.2, accent);
    case "anchor":
      return `<circle cy="-13" r="4.5" fill="none" stroke="${color}" stroke-width="2.6"/>` + S("M0 -8 V17 M-8 -3 H8 M-16 4 C-14 14 -6 17 0 17 C6 17 14 14 16 4", 3);
    case "tooth":
      return F("M-12 -14 C-4 -18 4 -18 12 -14 C12 0 6 10 0 19 C-6 10 -12 0 -12 -14Z") + S("M-6 -8 C-2 -10 2 -10 6 -8", 1.4, accent);
    case "trident":
      return S("M0 -18 V18 M-12 -14 V-4 C-12 2 12 2 12 -4 V-14", 3) + F("M-12 -19 L-15 -12 H-9Z M0 -22 L-3 -15 H3Z M12 -19 L9 -12 H15Z");
  }
}
