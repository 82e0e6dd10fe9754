// A JSON array read as it arrives, a slice of elements at a time, yielding to the page between
// slices: JSON.parse of a 10,000-card collection (1.9 MB) was one task of ~45 ms at 4x CPU on top
// of the body's decoding, over the 50 ms a frame may take (issue 11). Strings may hold any
// character: the scan knows when it is inside one.

/** Parse at most this long before giving the page a turn. */
const SLICE_MS = 8;
/** Text scanned and parsed in one go: a body can arrive whole (from the service worker). */
const PIECE_CHARS = 32_768;

const COMMA = 44;
const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;

/** Lets the page run a frame or an input between slices (a task, not a microtask). */
function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Splits a streamed JSON array into its elements' text: feed() takes the next piece and returns
 * the text of the elements it completed (comma-separated, ready to wrap in brackets), finish()
 * checks the array was closed.
 */
export function jsonArraySplitter() {
  let buffer = "";
  /** Where scanning resumes, and the state there. */
  let at = 0;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let closed = false;
  /** Start of the first element not handed out yet (just after '[' or a top-level comma). */
  let pending = -1;

  function feed(text: string): string {
    buffer += text;
    let cut = -1;
    for (; at < buffer.length; at++) {
      const c = buffer.charCodeAt(at);
      if (inString) {
        if (escaped) escaped = false;
        else if (c === BACKSLASH) escaped = true;
        else if (c === QUOTE) inString = false;
      } else if (c === QUOTE) inString = true;
      else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        depth += 1;
        if (depth === 1) {
          if (c !== OPEN_BRACKET) throw new SyntaxError("not a JSON array");
          pending = at + 1;
        }
      } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        depth -= 1;
        if (depth === 0) {
          closed = true;
          cut = at;
        }
      } else if (c === COMMA && depth === 1) cut = at;
    }
    if (cut < 0 || pending < 0) return "";
    const out = buffer.slice(pending, cut);
    // Keep only what follows the cut; positions move with it.
    buffer = buffer.slice(cut + 1);
    at -= cut + 1;
    pending = 0;
    return out;
  }

  function finish(): void {
    if (!closed || inString || buffer.trim() !== "") throw new SyntaxError("the JSON array did not end");
  }

  return { feed, finish };
}

/** Reads a response body holding a JSON array, parsing it a slice at a time as it arrives. */
export async function readJsonArray<T>(response: Response): Promise<T[]> {
  if (!response.body || typeof TextDecoderStream === "undefined") return (await response.json()) as T[];
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const splitter = jsonArraySplitter();
  const items: T[] = [];
  let sliceStart = performance.now();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    for (let i = 0; i < value.length; i += PIECE_CHARS) {
      const text = splitter.feed(value.slice(i, i + PIECE_CHARS));
      if (text.trim()) for (const item of JSON.parse(`[${text}]`) as T[]) items.push(item);
      // Chunks already queued resolve in microtasks: without this the whole body is one task again.
      if (performance.now() - sliceStart > SLICE_MS) {
        await yieldToPage();
        sliceStart = performance.now();
      }
    }
  }
  splitter.finish();
  return items;
}
