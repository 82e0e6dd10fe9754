import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** assets/ */
export const ASSETS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
/** assets/generated: output of the generators (git-ignored, served after assets/public). */
export const GENERATED_DIR = path.join(ASSETS_DIR, "generated");

/** Absolute path of a generated file from its served path ("cards/x.webp"). */
export function generatedPath(rel: string): string {
  return path.join(GENERATED_DIR, ...rel.split("/"));
}

export async function writeGenerated(rel: string, data: Buffer | string): Promise<void> {
  const file = generatedPath(rel);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, data);
}
