/**
 * Runs every asset generator (icons, art, sounds, the manifest's screenshots) into assets/generated.
 *
 *   npx tsx assets/scripts/generate-all.ts            skip generators whose output is current
 *   npx tsx assets/scripts/generate-all.ts --force    regenerate everything
 *   npx tsx assets/scripts/generate-all.ts --only art (icons | art | sounds | screenshots; repeatable)
 *
 * "Current" is decided by a stamp file per generator (assets/generated/.stamps/<name>.json)
 * holding a hash of the generator's source files (followed through their local imports) and
 * of the sharp or ffmpeg version, plus the list of files it wrote. A generator is skipped when the hash
 * matches and every file it listed still exists. Content hashes, unlike modification times,
 * survive git checkouts and copies.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import { generateArt } from "./generate-art.ts";
import { generateIcons } from "./generate-icons.ts";
import { generateScreenshots } from "./generate-screenshots.ts";
import { generateSounds } from "./generate-sounds.ts";
import { ffmpegVersion } from "./lib/encode.ts";
import { GENERATED_DIR, generatedPath } from "./lib/paths.ts";
import { precompressDir } from "./lib/precompress.ts";
import { isMain } from "./lib/run.ts";

const SCRIPTS_DIR = path.dirname(fileURLToPath(import.meta.url));
const STAMPS_DIR = path.join(GENERATED_DIR, ".stamps");

interface Generator {
  name: "icons" | "art" | "sounds" | "screenshots";
  entry: string;
  usesSharp: boolean;
  usesFfmpeg?: boolean;
  run: () => Promise<{ files: string[]; bytes?: number }>;
}

const GENERATORS: Generator[] = [
  { name: "icons", entry: "generate-icons.ts", usesSharp: true, run: async () => ({ files: await generateIcons() }) },
  { name: "art", entry: "generate-art.ts", usesSharp: true, run: () => generateArt() },
  { name: "sounds", entry: "generate-sounds.ts", usesSharp: false, usesFfmpeg: true, run: () => generateSounds() },
  // The web manifest's screenshots, drawn from the pack art's own sources (not from art's output files).
  { name: "screenshots", entry: "generate-screenshots.ts", usesSharp: true, run: () => generateScreenshots() },
];

/** The entry file and every local .ts file it imports, transitively. */
async function sourceFiles(entry: string): Promise<string[]> {
  const seen = new Set<string>();
  const visit = async (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = await readFile(file, "utf8");
    for (const m of text.matchAll(/from\s+"(\.{1,2}\/[^"]+\.ts)"/g)) await visit(path.resolve(path.dirname(file), m[1]!));
  };
  await visit(path.join(SCRIPTS_DIR, entry));
  return [...seen].sort();
}

function sharpVersion(): string {
  try {
    const require = createRequire(import.meta.url);
    const pkg = require("sharp/package.json") as { version?: string };
    return pkg.version ?? "unknown";
  } catch {
    return "unknown";
  }
}

async function sourceHash(gen: Generator): Promise<string> {
  const h = createHash("sha256");
  for (const file of await sourceFiles(gen.entry)) {
    h.update(path.relative(SCRIPTS_DIR, file));
    h.update("\0");
    h.update(await readFile(file));
    h.update("\0");
  }
  if (gen.usesSharp) h.update(`sharp@${sharpVersion()}`);
  if (gen.usesFfmpeg) h.update(`ffmpeg@${ffmpegVersion()}`);
  return h.digest("hex");
}

interface Stamp {
  hash: string;
  files: string[];
  generatedAt: string;
}

async function readStamp(name: string): Promise<Stamp | null> {
  try {
    return JSON.parse(await readFile(path.join(STAMPS_DIR, `${name}.json`), "utf8")) as Stamp;
  } catch {
    return null;
  }
}

function parseArgs(argv: string[]): { force: boolean; only: Set<string> } {
  const only = new Set<string>();
  let force = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--force" || a === "-f") force = true;
    else if (a === "--only") only.add(argv[++i] ?? "");
    else if (a.startsWith("--only=")) only.add(a.slice(7));
    else throw new Error(`unknown argument ${a} (use --force, --only icons|art|sounds|screenshots)`);
  }
  for (const o of only) if (!GENERATORS.some((g) => g.name === o)) throw new Error(`unknown generator ${o}`);
  return { force, only };
}

export async function generateAll(opts: { force?: boolean; only?: Set<string>; log?: (line: string) => void } = {}): Promise<void> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const started = performance.now();
  await mkdir(STAMPS_DIR, { recursive: true });
  for (const gen of GENERATORS) {
    if (opts.only && opts.only.size > 0 && !opts.only.has(gen.name)) continue;
    const hash = await sourceHash(gen);
    const stamp = await readStamp(gen.name);
    const current = stamp !== null && stamp.hash === hash && stamp.files.every((f) => existsSync(generatedPath(f)));
    if (current && !opts.force) {
      log(`assets: ${gen.name.padEnd(6)} up to date (${stamp.files.length} files), skipped`);
      continue;
    }
    const t0 = performance.now();
    const { files, bytes } = await gen.run();
    const stampData: Stamp = { hash, files, generatedAt: new Date().toISOString() };
    await writeFile(path.join(STAMPS_DIR, `${gen.name}.json`), JSON.stringify(stampData, null, 2) + "\n");
    const size = bytes !== undefined ? `, ${(bytes / 1024 / 1024).toFixed(2)} MB` : "";
    const why = opts.force ? "forced" : stamp === null ? "no stamp" : stamp.hash !== hash ? "sources changed" : "files missing";
    log(`assets: ${gen.name.padEnd(6)} generated ${files.length} files${size} in ${((performance.now() - t0) / 1000).toFixed(1)} s (${why})`);
  }
  // Text among the generated files (the logo SVG) is served compressed: write its .br/.gz copies.
  await precompressDir(GENERATED_DIR);
  log(`assets: done in ${((performance.now() - started) / 1000).toFixed(1)} s -> ${path.relative(process.cwd(), GENERATED_DIR) || GENERATED_DIR}`);
}

if (isMain(import.meta.url)) {
  try {
    await generateAll(parseArgs(process.argv.slice(2)));
  } catch (err) {
    console.error(`assets: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  }
}
