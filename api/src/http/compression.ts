import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

/**
 * What the server may send compressed, and how. The build (assets/scripts/lib/precompress.ts)
 * writes `.br` and `.gz` copies of these files; the server compresses the others on the fly.
 */

/** Text formats worth compressing. Images, audio and fonts are already compressed. */
const COMPRESSIBLE = new Set([".js", ".mjs", ".css", ".html", ".json", ".map", ".svg", ".webmanifest", ".md", ".txt", ".xml"]);

export function isCompressible(filePath: string): boolean {
  const dot = filePath.lastIndexOf(".");
  return dot >= 0 && COMPRESSIBLE.has(filePath.slice(dot).toLowerCase());
}

export type Encoding = "br" | "gzip";
/** File suffix of each encoding's precompressed copy. */
export const ENCODING_SUFFIX: Readonly<Record<Encoding, string>> = { br: ".br", gzip: ".gz" };

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Compresses text. `best` is for build time (brotli 11, gzip 9: slow, smallest); otherwise a
 * quality that costs a few ms per 100 kB, for files compressed while a player waits.
 */
export function compress(data: Buffer, encoding: Encoding, best: boolean): Promise<Buffer> {
  if (encoding === "gzip") return gz(data, { level: best ? 9 : 6 });
  return brotli(data, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: best ? 11 : 5,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
}

/**
 * The encoding to send given the request's Accept-Encoding (RFC 9110 section 12.5.3): brotli is
 * preferred over gzip when both are equally acceptable, q=0 refuses a coding, `*` covers codings
 * not named. No header, or nothing acceptable on offer, means identity.
 */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding | "identity" {
  if (!acceptEncoding) return "identity";
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [rawName, ...params] = part.trim().split(";");
    const name = rawName!.trim().toLowerCase();
    if (!name) continue;
    let weight = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p);
      if (m) weight = Math.min(1, Math.max(0, Number(m[1]) || 0));
    }
    q.set(name === "x-gzip" ? "gzip" : name, weight);
  }
  const weightOf = (name: string) => q.get(name) ?? q.get("*") ?? 0;
  let best: Encoding | "identity" = "identity";
  let bestQ = 0;
  for (const name of ["br", "gzip"] as const) {
    const w = weightOf(name);
    if (w > bestQ) {
      best = name;
      bestQ = w;
    }
  }
  // Only an identity the client explicitly ranks higher wins over a coding it accepts.
  const identity = q.get("identity");
  return identity !== undefined && identity > bestQ ? "identity" : best;
}
