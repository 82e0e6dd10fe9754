import { createReadStream, existsSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { Context, Next } from "koa";
import { compress, ENCODING_SUFFIX, isCompressible, negotiateEncoding, type Encoding } from "./compression.ts";

/**
 * Serves, in order: operator files and legal texts (assets/public), generated art and sounds
 * (assets/generated), the built PWA (dist/pwa); then index.html for any other page the player
 * navigates to, so deep links and reloads land in the app.
 *
 * Text is sent compressed by content negotiation: the build's `.br`/`.gz` copy beside the file
 * when there is a current one, otherwise compressed here once and kept in memory. Every response
 * carries an ETag and Last-Modified; audio and other uncompressed files answer Range requests.
 */
export function staticFiles(opts: { assetDirs: string[]; pwaDir: string }) {
  const roots = [...opts.assetDirs, opts.pwaDir].map((dir) => path.resolve(dir)).filter((dir) => existsSync(dir));
  const indexFile = path.join(path.resolve(opts.pwaDir), "index.html");
  return async (ctx: Context, next: Next) => {
    if (ctx.path.startsWith("/api") || (ctx.method !== "GET" && ctx.method !== "HEAD")) return next();
    const rel = requestedPath(ctx.path);
    if (rel) {
      for (const root of roots) {
        const file = path.join(root, rel);
        // Belt and braces: requestedPath already refused "..", but nothing leaves its root.
        if (!file.startsWith(root + path.sep)) continue;
        const info = await stat(file).catch(() => undefined);
        if (info?.isFile()) return sendFile(ctx, file, info);
      }
    }
    if (ctx.accepts("html") && existsSync(indexFile)) return sendFile(ctx, indexFile, await stat(indexFile));
    return next();
  };
}

/** The URL path as a relative file path, or null for anything that must not reach the disk. */
function requestedPath(urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes("\0") || decoded.includes("\\")) return null;
  const segments = decoded.split("/").filter(Boolean);
  // No "..", and no hidden files (assets/generated/.stamps, .git, .env ...).
  if (segments.length === 0 || segments.some((s) => s === ".." || s.startsWith("."))) return null;
  return path.join(...segments);
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".md": "text/markdown; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".svg": "image/svg+xml; charset=utf-8",
  ".png": "image/png",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".opus": "audio/ogg; codecs=opus",
  ".ogg": "audio/ogg",
  ".oga": "audio/ogg",
  ".webm": "audio/webm",
  ".mp3": "audio/mpeg",
  ".m4a": "audio/mp4",
  ".wav": "audio/wav",
  ".br": "application/x-brotli",
  ".gz": "application/gzip",
};

export function contentTypeOf(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream";
}

/** One year: Vite's content-hashed bundles never change under the same name. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/**
 * Art, sounds, icons and fonts: an operator may replace them by dropping a file into
 * assets/public (no rebuild), so a player's copy is fresh for a day, then used while it is
 * revalidated (a cheap 304 by ETag) for up to a week more.
 */
const MEDIA = "public, max-age=86400, stale-while-revalidate=604800";
/** The HTML shell, the service worker, the manifest and texts: always revalidated. */
const REVALIDATE = "no-cache";

export function cacheControlOf(file: string): string {
  const name = path.basename(file);
  if (/[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}\.(js|mjs|css|woff2?|wasm|png|webp|svg)$/.test(file)) return IMMUTABLE;
  if (/^(sw|registerSW)\.js$|^workbox-.*\.js$|\.(html|webmanifest|md|json)$/.test(name)) return REVALIDATE;
  if (/^(image|audio|font)\//.test(contentTypeOf(file))) return MEDIA;
  return REVALIDATE;
}

/** A representation of a file: the file itself or one of its encodings. */
interface Body {
  encoding: Encoding | "identity";
  size: number;
  /** A file to stream, or bytes compressed here. */
  source: string | Buffer;
}

async function sendFile(ctx: Context, file: string, info: { size: number; mtime: Date; mtimeMs: number }): Promise<void> {
  const negotiable = isCompressible(file);
  const wanted = negotiable ? negotiateEncoding(ctx.get("Accept-Encoding") || undefined) : "identity";
  const body = wanted === "identity" ? { encoding: wanted, size: info.size, source: file } : await encoded(file, info, wanted);

  ctx.status = 200;
  ctx.set("Cache-Control", cacheControlOf(file));
  ctx.set("Last-Modified", info.mtime.toUTCString());
  // One ETag per representation: a cached gzip body must not validate a brotli request.
  const etag = `"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}${body.encoding === "identity" ? "" : "-" + body.encoding}"`;
  ctx.set("ETag", etag);
  if (negotiable) ctx.vary("Accept-Encoding");
  else ctx.set("Accept-Ranges", "bytes");

  if (notModified(ctx, etag, info.mtime)) {
    ctx.status = 304;
    return;
  }

  ctx.type = contentTypeOf(file);
  if (body.encoding !== "identity") ctx.set("Content-Encoding", body.encoding);

  const range = negotiable ? null : parseRange(ctx, etag, info.size);
  if (range === "unsatisfiable") {
    ctx.status = 416;
    ctx.set("Content-Range", `bytes */${info.size}`);
    ctx.remove("Content-Encoding");
    ctx.body = "";
    return;
  }
  if (range) {
    ctx.status = 206;
    ctx.set("Content-Range", `bytes ${range.start}-${range.end}/${info.size}`);
    ctx.length = range.end - range.start + 1;
    if (ctx.method === "HEAD") return;
    ctx.body = createReadStream(file, { start: range.start, end: range.end });
    ctx.length = range.end - range.start + 1;
    return;
  }

  if (ctx.method === "HEAD") {
    ctx.length = body.size;
    return;
  }
  ctx.body = typeof body.source === "string" ? createReadStream(body.source) : body.source;
  ctx.length = body.size;
}

/** If-None-Match wins over If-Modified-Since (RFC 9110 section 13.2.2). */
function notModified(ctx: Context, etag: string, mtime: Date): boolean {
  const ifNoneMatch = ctx.get("If-None-Match");
  if (ifNoneMatch) {
    if (ifNoneMatch.trim() === "*") return true;
    return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
  }
  const since = Date.parse(ctx.get("If-Modified-Since"));
  return !Number.isNaN(since) && Math.floor(mtime.getTime() / 1000) * 1000 <= since;
}

/** A single byte range; several ranges or a stale If-Range get the whole file (allowed by RFC 9110). */
function parseRange(ctx: Context, etag: string, size: number): { start: number; end: number } | "unsatisfiable" | null {
  const header = ctx.get("Range");
  if (!header) return null;
  const ifRange = ctx.get("If-Range");
  if (ifRange && ifRange.trim() !== etag) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === "" && m[2] === "")) return null;
  let start: number;
  let end: number;
  if (m[1] === "") {
    // Suffix range: the last N bytes.
    const n = Number(m[2]);
    if (n === 0) return "unsatisfiable";
    start = Math.max(0, size - n);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
    if (m[2] !== "" && Number(m[2]) < start) return null;
  }
  if (start >= size) return "unsatisfiable";
  return { start, end };
}

/**
 * The file in `encoding`: the build's copy beside it when it is at least as new as the file
 * (an operator who replaces a file leaves a stale copy behind), else compressed here and cached.
 * If compressing does not make it smaller, the file itself is sent (identity).
 */
async function encoded(file: string, info: { size: number; mtimeMs: number }, encoding: Encoding): Promise<Body> {
  const copy = file + ENCODING_SUFFIX[encoding];
  const copyInfo = await stat(copy).catch(() => undefined);
  if (copyInfo?.isFile() && copyInfo.mtimeMs >= info.mtimeMs) return { encoding, size: copyInfo.size, source: copy };
  const key = `${file}\0${info.size}\0${info.mtimeMs}\0${encoding}`;
  let packed = onTheFly.get(key);
  if (!packed) {
    packed = await compress(await readFile(file), encoding, false);
    remember(key, packed);
  }
  if (packed.length >= info.size) return { encoding: "identity", size: info.size, source: file };
  return { encoding, size: packed.length, source: packed };
}

/**
 * Files compressed on the fly (operator files, legal texts): a bounded cache, oldest out first.
 * Only a speed-up; losing it (restart, another process) costs one compression.
 */
const onTheFly = new Map<string, Buffer>();
const CACHE_BYTES = 16 * 1024 * 1024;
let cachedBytes = 0;

function remember(key: string, data: Buffer): void {
  onTheFly.set(key, data);
  cachedBytes += data.length;
  for (const [oldKey, old] of onTheFly) {
    if (cachedBytes <= CACHE_BYTES) break;
    onTheFly.delete(oldKey);
    cachedBytes -= old.length;
  }
}
