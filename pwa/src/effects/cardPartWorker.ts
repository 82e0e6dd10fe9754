// The worker of cardPartPaint.ts: paints a card's face art or badges on an OffscreenCanvas and
// sends the picture back as an ImageBitmap (transferred, not copied). Card art is fetched and
// decoded here too, so the page's main thread does neither.

import { renderCardPart, type CardPartRequest } from "./cardPartRender.ts";

self.addEventListener("message", (event: MessageEvent<CardPartRequest & { id: number }>) => {
  const { id, ...req } = event.data;
  renderCardPart(req).then(
    (bitmap) => self.postMessage({ id, bitmap }, { transfer: [bitmap] }),
    (error: unknown) => self.postMessage({ id, error: String(error) }),
  );
});
