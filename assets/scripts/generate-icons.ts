/**
 * PWA icons, favicon and the header logo.
 *   icons/icon-192.png, icons/icon-512.png      rounded dark tile with the emblem ("any")
 *   icons/icon-maskable-512.png                 full-bleed, emblem inside the central 80%
 *   icons/apple-touch-icon-180.png              full-bleed square (iOS rounds it)
 *   icons/favicon-32.png                        simplified emblem for tiny sizes
 *   icons/shortcut-packs-96.png                 the manifest's Packs shortcut: a foil pack
 *   icons/shortcut-collection-96.png            the manifest's Collection shortcut: a grid of cards
 *   logo.svg                                    emblem + FOILBOUND wordmark, font-free paths
 * Run alone: npx tsx assets/scripts/generate-icons.ts
 */
import sharp from "sharp";
import { ICON_FILES } from "./artManifest.ts";
import { emblemBody, emblemDefs, sparkle, wordmark, wordmarkDefs } from "./lib/emblem.ts";
import { THEME } from "./lib/palette.ts";
import { writeGenerated } from "./lib/paths.ts";
import { measureText } from "./lib/strokeFont.ts";
import { isMain } from "./lib/run.ts";


function backdrop(id: string, rounded: boolean): string {
  return `
  <defs>
    <radialGradient id="${id}-glow" cx="0.5" cy="0.46" r="0.62">
      <stop offset="0" stop-color="#3a2373"/>
      <stop offset="0.55" stop-color="#1a1232"/>
      <stop offset="1" stop-color="${THEME.bg}"/>
    </radialGradient>
    <linearGradient id="${id}-rim" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${THEME.violet}" stop-opacity="0.7"/>
      <stop offset="0.5" stop-color="${THEME.magenta}" stop-opacity="0.15"/>
      <stop offset="1" stop-color="${THEME.cyan}" stop-opacity="0.6"/>
    </linearGradient>
  </defs>
  ${
    rounded
      ? `<rect x="8" y="8" width="496" height="496" rx="112" fill="url(#${id}-glow)"/>
         <rect x="10" y="10" width="492" height="492" rx="110" fill="none" stroke="url(#${id}-rim)" stroke-width="4"/>`
      : `<rect width="512" height="512" fill="url(#${id}-glow)"/>`
  }`;
}

function iconSvg(opts: { rounded: boolean; scale: number; detail?: boolean; dy?: number }): string {
  const id = "fb";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  ${backdrop(id, opts.rounded)}
  <defs>${emblemDefs(id)}</defs>
  <g transform="translate(256 ${256 + (opts.dy ?? 0)}) scale(${opts.scale})">${emblemBody(id, opts.detail ?? true)}</g>
</svg>`;
}

/** For 32 px: one bold card, slightly tilted, on the dark tile. */
function faviconSvg(): string {
  const id = "fv";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <defs>${emblemDefs(id)}</defs>
  <rect width="512" height="512" rx="96" fill="${THEME.bg}"/>
  <g transform="translate(256 256) rotate(-10) scale(1.5)">
    <rect x="-100" y="-140" width="200" height="280" rx="22" fill="url(#${id}-prism)"/>
    <rect x="-78" y="-116" width="156" height="232" rx="12" fill="#140f26"/>
    <path d="M0 -92 C8 -22 22 -8 80 0 C22 8 8 22 0 92 C-8 22 -22 8 -80 0 C-22 -8 -8 -22 0 -92Z" fill="url(#${id}-gold)"/>
  </g>
</svg>`;
}

/** The Packs shortcut: one foil pack with crimped ends and the gold star, on the rounded tile. */
function packShortcutSvg(): string {
  const id = "sp";
  // The pack's outline: a zig-zag crimp along the top (left to right) and the bottom (right to left).
  const xs = Array.from({ length: 21 }, (_, i) => 136 + i * 12);
  const top = xs.map((x, i) => `L${x} ${i % 2 ? 82 : 96}`).join(" ");
  const bottom = [...xs].reverse().map((x, i) => `L${x} ${i % 2 ? 430 : 416}`).join(" ");
  const outline = `M136 96 ${top} L376 96 L376 416 ${bottom} L136 416Z`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  ${backdrop(id, true)}
  <defs>${emblemDefs(id)}</defs>
  <path d="${outline}" fill="url(#${id}-prism)"/>
  <rect x="160" y="136" width="192" height="240" rx="14" fill="url(#${id}-face)"/>
  <circle cx="256" cy="256" r="96" fill="url(#${id}-starglow)"/>
  <path d="${sparkle(256, 256, 70, 0.2)}" fill="url(#${id}-gold)"/>
</svg>`;
}

/** The Collection shortcut: four cards in a grid, one of them foil. */
function collectionShortcutSvg(): string {
  const id = "sc";
  const card = (x: number, y: number, fill: string) =>
    `<rect x="${x}" y="${y}" width="120" height="160" rx="14" fill="${fill}" stroke="${THEME.violet}" stroke-opacity="0.6" stroke-width="5"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  ${backdrop(id, true)}
  <defs>${emblemDefs(id)}</defs>
  ${card(120, 84, `url(#${id}-prism)`)}${card(272, 84, `url(#${id}-backL)`)}
  ${card(120, 268, `url(#${id}-backR)`)}${card(272, 268, `url(#${id}-face)`)}
  <path d="${sparkle(180, 164, 40, 0.22)}" fill="url(#${id}-gold)"/>
</svg>`;
}

export function logoSvg(): string {
  const id = "fblogo";
  const h = 128;
  const size = 46;
  const textX = 146;
  const textW = measureText("FOILBOUND", 0.3) * size;
  const w = Math.ceil(textX + textW + 18);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="Foilbound">
  <title>Foilbound</title>
  <defs>${emblemDefs(id)}${wordmarkDefs(id, textX, textX + textW)}</defs>
  <g transform="translate(70 62) scale(0.31)">${emblemBody(id, true)}</g>
  ${wordmark(id, textX, 64 + size / 2, size)}
</svg>
`;
}

async function png(svg: string, size: number): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: 72 * (size / 512) * 2 })
    .resize(size, size, { kernel: "lanczos3" })
    .png({ compressionLevel: 9, palette: size <= 32 })
    .toBuffer();
}

export async function generateIcons(): Promise<string[]> {
  const anyIcon = iconSvg({ rounded: true, scale: 1.0, dy: 8 });
  const full = iconSvg({ rounded: false, scale: 0.98, dy: 8 });
  const maskable = iconSvg({ rounded: false, scale: 0.8, dy: 4 });
  const outputs: Array<[string, Promise<Buffer> | string]> = [
    ["icons/icon-192.png", png(anyIcon, 192)],
    ["icons/icon-512.png", png(anyIcon, 512)],
    ["icons/icon-maskable-512.png", png(maskable, 512)],
    ["icons/apple-touch-icon-180.png", png(full, 180)],
    ["icons/favicon-32.png", png(faviconSvg(), 32)],
    ["icons/shortcut-packs-96.png", png(packShortcutSvg(), 96)],
    ["icons/shortcut-collection-96.png", png(collectionShortcutSvg(), 96)],
    ["logo.svg", logoSvg()],
  ];
  for (const [rel, data] of outputs) await writeGenerated(rel, await data);
  const files = outputs.map(([rel]) => rel);
  if (files.length !== ICON_FILES.length || files.some((f) => !ICON_FILES.includes(f))) throw new Error("artManifest ICON_FILES is out of date");
  return files;
}

if (isMain(import.meta.url)) {
  const files = await generateIcons();
  console.log(`icons: wrote ${files.length} files`);
}
