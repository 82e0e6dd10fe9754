/**
 * PWA icons, favicon and the header logo.
 *   icons/icon-192.png, icons/icon-512.png      rounded dark tile with the emblem ("any")
 *   icons/icon-maskable-512.png                 full-bleed, emblem inside the central 80%
 *   icons/apple-touch-icon-180.png              full-bleed square (iOS rounds it)
 *   icons/favicon-32.png                        simplified emblem for tiny sizes
 *   logo.svg                                    emblem + FOILBOUND wordmark, font-free paths
 * Run alone: npx tsx assets/scripts/generate-icons.ts
 */
import sharp from "sharp";
import { ICON_FILES } from "./artManifest.ts";
import { emblemBody, emblemDefs, wordmark, wordmarkDefs } from "./lib/emblem.ts";
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
