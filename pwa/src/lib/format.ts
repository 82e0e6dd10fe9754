// Number and time formatting shared by every screen.

const integer = new Intl.NumberFormat("en-US");

/** 12345 -> "12,345". */
export function formatNumber(value: number): string {
  return integer.format(value);
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
