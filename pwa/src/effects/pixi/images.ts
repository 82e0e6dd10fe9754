// Image loading for the canvas-composed card faces, with the SPEC.md fallback chain and a cache
// shared by the reveal and the inspector (art is usually already in the service worker cache).

import { cardImageUrls, largePortraits } from "../cardImages.ts";
import type { RevealCard } from "../revealCard.ts";

/**
 * A decoded picture a canvas draws without decoding it again: an ImageBitmap where the browser
 * makes one. An <img> that decode() had decoded was still decoded again, synchronously, by the 2D
 * canvas that drew it (37 ms in one task at 4x CPU, in the middle of a reveal); an ImageBitmap
 * made from the <img> decoded it in its load event's task instead (63-126 ms at 4x in traces).
 * One made from the file's bytes (a Blob) is decoded off the main thread.
 */
export type CardImage = HTMLImageElement | ImageBitmap;

const cache = new Map<string, Promise<CardImage | null>>();

/** The picture's bytes decoded off the main thread; null when it is missing or not a picture. */
async function fetchBitmap(url: string): Promise<ImageBitmap | null> {
  try {
    const res = await fetch(url);
    if (!res.ok) return null;
    return await createImageBitmap(await res.blob());
  } catch {
    return null;
  }
}

function loadImageElement(url: string): Promise<HTMLImageElement | null> {
  return new Promise((resolve) => {
    const img = new Image();
    img.decoding = "async";
    img.onload = () => img.decode().then(() => resolve(img), () => resolve(img));
    img.onerror = () => resolve(null);
    img.src = url;
  });
}

/** The decoded image, or null if it failed (a failure is not cached, so a later try retries). */
export function loadImage(url: string): Promise<CardImage | null> {
  let pending = cache.get(url);
  if (!pending) {
    pending = (typeof createImageBitmap === "function" ? fetchBitmap(url) : loadImageElement(url)).then((img) => {
      if (!img) cache.delete(url);
      return img;
    });
    cache.set(url, pending);
  }
  return pending;
}

/** The first URL of the chain that loads, or null when all fail. */
export async function firstImage(urls: readonly string[]): Promise<CardImage | null> {
  for (const url of urls) {
    const img = await loadImage(url);
    if (img) return img;
  }
  return null;
}

/** Resolves with `value` after `ms`: a cap on how long a reveal waits for slow art. */
export function within<T>(promise: Promise<T>, ms: number, value: T): Promise<T> {
  return Promise.race([promise, new Promise<T>((resolve) => setTimeout(() => resolve(value), ms))]);
}

/**
 * A card's portrait (holo -> regular) and background; missing ones come back null. `large` (the
 * inspector) tries each portrait's 2x file first; reveals use the 1x files the device keeps offline.
 */
export async function loadCardArt(card: RevealCard, { large = false }: { large?: boolean } = {}): Promise<{ portrait: CardImage | null; background: CardImage | null }> {
  const chain = cardImageUrls(card);
  const [portrait, background] = await Promise.all([
    firstImage(large ? largePortraits(chain) : chain.portraits),
    chain.background ? loadImage(chain.background) : Promise.resolve(null),
  ]);
  return { portrait, background };
}
