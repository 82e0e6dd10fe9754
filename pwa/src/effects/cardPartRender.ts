// One part of a card (face art or badges) painted on a fresh OffscreenCanvas: the body of the
// card parts worker (cardPartWorker.ts), and of its fallback on the page (cardPartPaint.ts).

import { setEmoji } from "./cardImages.ts";
import { drawFaceArt, drawOverlay } from "./pixi/cardCanvas.ts";
import { loadCardArt } from "./pixi/images.ts";
import type { RevealCard } from "./revealCard.ts";

export interface CardPartRequest {
  part: "face" | "overlay";
  card: RevealCard;
  /** The card's size in texture px (the overlay adds its badge room around it). */
  width: number;
  height: number;
  /** Texture px per CSS px. */
  ratio: number;
  /** The inspector's large card: each portrait's 2x file first. */
  large?: boolean;
}

/** Paints one part on a fresh OffscreenCanvas, loading the face's art where it runs (the worker, or the page). */
export async function renderCardPart(req: CardPartRequest): Promise<ImageBitmap> {
  const canvas = new OffscreenCanvas(1, 1);
  if (req.part === "overlay") drawOverlay(req.card, req.width, req.height, req.ratio, canvas);
  else drawFaceArt(req.card, await loadCardArt(req.card, { large: req.large === true }), setEmoji(req.card.set), req.width, req.height, canvas);
  return canvas.transferToImageBitmap();
}

