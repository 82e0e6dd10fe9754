import type { Middleware } from "koa";
import { constants, brotliCompress, gzip } from "node:zlib";
import { promisify } from "node:util";
import { negotiateEncoding, type Encoding } from "./compression.ts";

// API answers sent compressed when they are worth it: a collection of a few thousand cards or a
// leaderboard page is 100 kB to megabytes of JSON, a tenth of that compressed, which a phone on
// a slow network feels. Small answers (a pack, a balance) go as they are: under one packet,
// compressing costs more than it saves.

/** Bodies smaller than this are sent as they are. */
export const MIN_COMPRESS_BYTES = 1400;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Brotli's quality 4 turns several times dearer somewhere past 2 MB (measured: 26 ms for 2 MB of
 * collection JSON, 169-256 ms for the 3.8 MB of a 20,000-card collection, against 57-81 ms at
 * quality 3 for a 7% larger answer). Off the event loop, but on a machine of two cores it takes
 * one from everything else: a large answer gets quality 3 (issue 45, one player's reads).
 */
export const LARGE_BODY_BYTES = 1_000_000;

/** Fast settings: this runs while a player waits (zlib's thread pool, off the event loop). */
export function compressJsonBody(body: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === "gzip") return gz(body, { level: 4 });
  return brotli(body, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: body.length > LARGE_BODY_BYTES ? 3 : 4,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/** A body compressed at most once per encoding, for answers many requests share. */
export function compressedOnce(json: string): (encoding: Encoding) => Promise<Buffer> {
  const raw = Buffer.from(json);
  const cache = new Map<Encoding, Promise<Buffer>>();
  return (encoding) => {
    let packed = cache.get(encoding);
    if (!packed) cache.set(encoding, (packed = compressJsonBody(raw, encoding)));
    return packed;
  };
}

/** The encoding this request accepts for a body of `bytes`, or null to send it as it is. */
export function encodingFor(acceptEncoding: string | undefined, bytes: number): Encoding | null {
  if (bytes < MIN_COMPRESS_BYTES) return null;
  const encoding = negotiateEncoding(acceptEncoding);
  return encoding === "identity" ? null : encoding;
}

/** Compresses JSON answers (objects, JSON strings) that a route did not already encode. */
export function compressJson(): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.method === "HEAD" || ctx.status === 204 || ctx.status === 304) return;
    const body: unknown = ctx.body;
    if (body === null || body === undefined || ctx.response.get("Content-Encoding")) return;
    if (!ctx.response.is("json")) return;
    let raw: Buffer;
    if (typeof body === "string") raw = Buffer.from(body);
    else if (Buffer.isBuffer(body)) raw = body;
    else if (typeof body === "object" && typeof (body as { pipe?: unknown }).pipe !== "function") raw = Buffer.from(JSON.stringify(body));
    else return; // streams go as they are
    ctx.vary("Accept-Encoding");
    const encoding = encodingFor(ctx.get("Accept-Encoding"), raw.length);
    if (!encoding) return;
    const type = ctx.type;
    ctx.body = await compressJsonBody(raw, encoding);
    ctx.type = type;
    ctx.set("Content-Encoding", encoding);
  };
}
