/** A bright, saturated colour at hue h (0..1), as 0xRRGGBB for tints. */
export function hueColor(h: number): number {
  const f = (n: number) => {
    const k = (n + h * 12) % 12;
    return Math.round(255 * (0.62 - 0.38 * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return (f(0) << 16) | (f(8) << 8) | f(4);
}
