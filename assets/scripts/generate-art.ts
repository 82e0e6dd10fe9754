/**
 * Card art, procedurally drawn as SVG and rendered with sharp to WebP:
 *   cards/<character>.webp and cards/<character>_holo.webp   400 x 560, all 64 characters
 *   cards/<character>@2x.webp and cards/<character>_holo@2x.webp   800 x 1120
 *   backgrounds/<slug>.webp                                  400 x 560, the ten backgrounds
 *   packs/set<N>.webp                                        400 x 600, transparent outside
 * Deterministic: every variation comes from PRNGs seeded by names, so builds are reproducible.
 * Run alone: npx tsx assets/scripts/generate-art.ts
 */
import sharp from "sharp";
import { ART_BACKGROUNDS, ART_FILES, ART_SETS, backgroundArtPath, cardArtPath, cardArtPath2x, packArtPath } from "./artManifest.ts";
import { backgroundSvg } from "./lib/backgrounds.ts";
import { cardSvg, characterArt } from "./lib/cardArt.ts";
import { packSvg } from "./lib/packs.ts";
import { writeGenerated } from "./lib/paths.ts";
import { isMain } from "./lib/run.ts";

interface Job {
  rel: string;
  svg: () => string;
  quality: number;
  /** Rendered at this multiple of the SVG's own size (the 2x portraits). */
  scale?: number;
}

function jobs(): Job[] {
  const list: Job[] = [];
  for (const set of ART_SETS) {
    for (let n = 1; n <= set.characters; n++) {
      const art = characterArt(set, n);
      list.push({ rel: cardArtPath(art.id, false).slice(1), svg: () => cardSvg(art, false), quality: 80 });
      list.push({ rel: cardArtPath(art.id, true).slice(1), svg: () => cardSvg(art, true), quality: 80 });
      list.push({ rel: cardArtPath2x(art.id, false).slice(1), svg: () => cardSvg(art, false), quality: 74, scale: 2 });
      list.push({ rel: cardArtPath2x(art.id, true).slice(1), svg: () => cardSvg(art, true), quality: 74, scale: 2 });
    }
  }
  for (const bg of ART_BACKGROUNDS) list.push({ rel: backgroundArtPath(bg.slug).slice(1), svg: () => backgroundSvg(bg.slug), quality: 78 });
  for (const set of ART_SETS) list.push({ rel: packArtPath(set.number).slice(1), svg: () => packSvg(set), quality: 82 });
  return list;
}

async function render(job: Job): Promise<number> {
  // SVG is vector: a density of 72 x scale renders it at scale x its size, sharp at any scale.
  const data = await sharp(Buffer.from(job.svg()), { density: 72 * (job.scale ?? 1) })
    .webp({ quality: job.quality, alphaQuality: 90, effort: 4, smartSubsample: true })
    .toBuffer();
  await writeGenerated(job.rel, data);
  return data.length;
}

/** Renders everything; returns the files written (relative to assets/generated) and total bytes. */
export async function generateArt(opts: { concurrency?: number } = {}): Promise<{ files: string[]; bytes: number }> {
  const all = jobs();
  const expected = new Set(ART_FILES);
  for (const j of all) if (!expected.has(j.rel)) throw new Error(`artManifest is missing ${j.rel}`);
  if (all.length !== expected.size) throw new Error("artManifest lists files the generator does not make");
  let bytes = 0;
  let next = 0;
  const worker = async () => {
    while (next < all.length) {
      const job = all[next++]!;
      const n = await render(job);
      bytes += n;
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency ?? 4 }, worker));
  return { files: all.map((j) => j.rel), bytes };
}

if (isMain(import.meta.url)) {
  const t0 = performance.now();
  const { files, bytes } = await generateArt();
  console.log(`art: wrote ${files.length} files, ${(bytes / 1024 / 1024).toFixed(2)} MB in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
