// Rate limits count in fixed windows (http/rateLimit.ts): a burst that straddles a window's end
// starts counting again, so a test that counts to the limit starts clear of the edge.

/** Waits out the rest of the current window when less than `marginMs` of it is left. */
export async function clearOfWindowEdge(windowMs: number, marginMs = 10_000): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 100));
}
