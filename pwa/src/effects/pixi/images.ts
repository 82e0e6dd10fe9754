// Image loading for the canvas-composed card faces, with the SPEC.md fallback chain and a cache
// shared by the reveal and the inspector (art is usually already in the service worker cache).

const cache = new Map<string, Promise<HTMLImageElement | null>>();

/** The decoded image, or null if it failed (a failure is not cached, so a later try retries). */
export function loadImage(url: string): Promise<HTMLImageElement | null> {
  let pending = cache.get(url);
  if (!pending) {
    pending = new Promise<HTMLImageElement | null>((resolve) => {
      const img = new Image();
      img.decoding = "async";
      img.onload = () => {
        img.decode().then(
          () => resolve(img),
          () => resolve(img),
        );
      };
      img.onerror = () => {
        cache.delete(url);
        resolve(null);
      };
      img.src = url;
    });
    cache.set(url, pending);
  }
  return pending;
}

/** The first URL of the chain that loads, or null when all fail. */
export async function firstImage(urls: readonly string[]): Promise<HTMLImageElement | null> {
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
