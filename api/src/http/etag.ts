import { createHash } from "node:crypto";

// Conditional GETs for large answers a client keeps a copy of (the collection): the same JSON
// gets the same tag, so a device whose copy is current is told 304 instead of downloading it.

/** A weak entity tag for a JSON text (weak: the same JSON goes out gzip, brotli or plain). */
export function etagOf(json: string): string {
  return `W/"${createHash("sha1").update(json).digest("base64url")}"`;
}

/** True when an If-None-Match header names this tag (or is '*'). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, ""); // weak comparison, as for any GET
  return header
    .split(",")
    .map((t) => t.trim().replace(/^W\//, ""))
    .some((t) => t === bare || t === "*");
}
