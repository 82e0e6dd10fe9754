/**
 * Writes brotli (.br) and gzip (.gz) copies beside every compressible file of a folder, so the
 * server sends them without compressing per request (api/src/http/staticFiles.ts). Used by the
 * PWA build (vite.config.ts) and after the asset generators (generate-all.ts).
 */
import { readdir, readFile, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { compress, ENCODING_SUFFIX, isCompressible, type Encoding } from "../../../api/src/http/compression.ts";

/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 256;

export interface PrecompressResult {
  files: number;
  rawBytes: number;
  gzipBytes: number;
  brBytes: number;
}

async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await walk(full)));
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

/**
 * Compresses every compressible file under `dir` whose copies are missing or older than it.
 * A copy that would not be smaller is not written (and a stale one is removed), so the server
 * falls back to the file itself.
 */
export async function precompressDir(dir: string): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, rawBytes: 0, gzipBytes: 0, brBytes: 0 };
  for (const file of await walk(dir)) {
    // Source maps are for developer tools only: compressed on request, not at every build.
    if (!isCompressible(file) || file.endsWith(".map")) continue;
    const { size, mtimeMs } = await stat(file);
    if (size < MIN_BYTES) continue;
    let data: Buffer | undefined;
    result.files++;
    result.rawBytes += size;
    for (const encoding of ["br", "gzip"] as Encoding[]) {
      const copy = file + ENCODING_SUFFIX[encoding];
      const existing = await stat(copy).catch(() => undefined);
      let bytes = existing?.size;
      if (!existing || existing.mtimeMs < mtimeMs) {
        data ??= await readFile(file);
        const packed = await compress(data, encoding, true);
        if (packed.length < size) {
          await writeFile(copy, packed);
          bytes = packed.length;
        } else {
          if (existing) await unlink(copy);
          bytes = size;
        }
      }
      if (encoding === "br") result.brBytes += bytes ?? size;
      else result.gzipBytes += bytes ?? size;
    }
  }
  return result;
}
