// The DOM reveal's card canvases (face art and badges) painted off the main thread: a worker
// draws them on an OffscreenCanvas and sends back an ImageBitmap, which the page shows on a
// 'bitmaprenderer' canvas without drawing anything itself. Drawn on the page's own 2D canvases, a
// card's face cost 30-75 ms in one task at 4x CPU, and again as much when the frame committed it
// (Chromium rasters a 2D canvas's recorded drawing then): the reveal's long tasks, in traces.
// Where the worker cannot start or fails, the same drawing runs here on an OffscreenCanvas.

import { renderCardPart, type CardPartRequest } from "./cardPartRender.ts";

export type { CardPartRequest } from "./cardPartRender.ts";

/** Whether this browser shows parts as bitmaps (else the reveal draws on its own 2D canvases). */
export function paintsBitmaps(): boolean {
  if (
    typeof OffscreenCanvas !== "function" ||
    typeof OffscreenCanvas.prototype.transferToImageBitmap !== "function" ||
    typeof ImageBitmapRenderingContext !== "function" ||
    typeof createImageBitmap !== "function"
  )
    return false;
  // An OffscreenCanvas without a 2D context (some browsers had only WebGL on it) draws nothing.
  try {
    return new OffscreenCanvas(1, 1).getContext("2d") !== null;
  } catch {
    return false;
  }
}

/** The worker: not started yet (undefined), running, or unavailable (null, after a failure). */
let worker: Worker | null | undefined;
type Reply = { id: number; bitmap: ImageBitmap } | { id: number; error: string };
let nextId = 1;
const waiting = new Map<number, { resolve: (bitmap: ImageBitmap) => void; reject: (error: Error) => void }>();

function giveUp(error: Error): void {
  worker?.terminate();
  worker = null;
  for (const w of waiting.values()) w.reject(error);
  waiting.clear();
}

function startWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    const w = new Worker(new URL("./cardPartWorker.ts", import.meta.url), { type: "module", name: "card-parts" });
    w.onmessage = (event: MessageEvent<Reply>) => {
      const reply = event.data;
      const entry = waiting.get(reply.id);
      if (!entry) return;
      waiting.delete(reply.id);
      if ("bitmap" in reply) entry.resolve(reply.bitmap);
      else entry.reject(new Error(reply.error));
    };
    // A worker that cannot load (no module workers, a failed fetch offline) or crashes.
    w.onerror = (event) => {
      event.preventDefault();
      giveUp(new Error(`card parts worker failed: ${event.message || "error"}`));
    };
    worker = w;
  } catch {
    worker = null;
  }
  return worker;
}

function paintInWorker(w: Worker, req: CardPartRequest): Promise<ImageBitmap> {
  const id = nextId++;
  return new Promise<ImageBitmap>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    w.postMessage({ id, ...req });
  });
}

/** One part of a card as a bitmap: from the worker, or drawn here if it cannot. */
export async function paintCardPart(req: CardPartRequest): Promise<ImageBitmap> {
  const w = startWorker();
  if (w) {
    try {
      return await paintInWorker(w, req);
    } catch {
      // The worker failed (giveUp ran): this part and later ones are drawn here.
    }
  }
  return renderCardPart(req);
}

/** Starts the worker and has it draw one part: its code, and the badges' font sizes, are then ready. */
export function warmUpCardParts(req: CardPartRequest): void {
  void paintCardPart(req).then(
    (bitmap) => bitmap.close(),
    () => {},
  );
}

/** Shows `bitmap` on `canvas` (a canvas only ever used this way), at the bitmap's own size. */
export function showBitmap(canvas: HTMLCanvasElement, bitmap: ImageBitmap): void {
  const ctx = canvas.getContext("bitmaprenderer");
  if (!ctx) {
    bitmap.close();
    return;
  }
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  ctx.transferFromImageBitmap(bitmap);
}
