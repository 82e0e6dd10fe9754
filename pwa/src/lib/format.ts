// Number and time formatting shared by every screen.

// Intl is not used for numbers the first screens show: a page's first Intl formatter loads the
// locale data, ~35 ms of main thread on this machine (~140 ms on a 4x slower phone), in the middle
// of start-up. Points, coins and ranks are whole numbers, grouped the same on every device.

/** 12345 -> "12,345"; fractions are rounded to whole numbers. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const whole = Math.round(Math.abs(value));
  if (whole >= 1e21) return String(Math.round(value)); // exponent notation: nothing to group
  const digits = String(whole);
  let grouped = "";
  for (let end = digits.length; end > 0; end -= 3) grouped = digits.slice(Math.max(0, end - 3), end) + (grouped && "," + grouped);
  return value < 0 && whole !== 0 ? `-${grouped}` : grouped;
}

/** Orders plain ASCII keys (ids, set and background names) by code unit: no collator to load. */
export function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** SPEC.md section 2: points shorten to K (>= 10,000) and M (>= 1,000,000) on small screens. */
export function formatCompact(value: number): string {
  if (value >= 1_000_000) return `${trimDecimal(value / 1_000_000)}M`;
  if (value >= 10_000) return `${trimDecimal(value / 1_000)}K`;
  return formatNumber(value);
}

function trimDecimal(value: number): string {
  return (Math.floor(value * 10) / 10).toFixed(1).replace(/\.0$/, "");
}

/** A short "time left" label: "12m 05s" over a minute, "45s" under it. */
export function formatTimeLeft(ms: number): string {
  const totalSeconds = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return minutes > 0 ? `${minutes}m ${String(seconds).padStart(2, "0")}s` : `${seconds}s`;
}
