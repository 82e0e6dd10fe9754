import { createHash } from "node:crypto";

// Conditional GETs for large answers a client keeps a copy of (the collection): the same JSON
// gets the same tag, so a device whose copy is current is told 304 instead of downloading it.

/** A weak entity tag for a JSON text (weak: the same JSON goes out gzip, brotli or plain). */
export function etagOf(json: string): string {
  return `W/"${createHash("sha1").update(json).digest("base64url")}"`;
}

/**
 * A JSON array built a page at a time, with its tag (the same text and tag as JSON.stringify and
 * etagOf of the whole list): a large list never holds the event loop for one long stretch.
 */
export async function taggedJsonArray<T>(pages: AsyncIterable<T[]>, present: (item: T) => unknown): Promise<{ json: string; etag: string }> {
  const hash = createHash("sha1");
  const parts: string[] = [];
  const add = (text: string) => {
    parts.push(text);
    hash.update(text);
  };
  add("[");
  for await (const page of pages) {
    if (!page.length) continue;
    const items = JSON.stringify(page.map(present));
    add(`${parts.length > 1 ? "," : ""}${items.slice(1, -1)}`);
  }
  add("]");
  return { json: parts.join(""), etag: `W/"${hash.digest("base64url")}"` };
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
