/**
 * One row of the benchmark table. Every figure is taken 3 times on a noisy shared machine, so a
 * result reads "median (min-max)", and sits beside the baseline measured in the same run.
 */
export interface BenchRow {
  benchmark: string;
  result: string;
  baseline: string;
  target: string;
  verdict: "met" | "MISSED" | "-";
}

export interface Spread {
  min: number;
  median: number;
  max: number;
}

export function spread(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return { min: NaN, median: NaN, max: NaN };
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { min: sorted[0]!, median, max: sorted[sorted.length - 1]! };
}

/** "12.3 ms (11.0-14.9)": the median first, then the range of the repeats. */
export function formatSpread(s: Spread, unit = "", digits = 1): string {
  const f = (v: number) => v.toFixed(digits);
  return `${f(s.median)}${unit} (${f(s.min)}-${f(s.max)})`;
}

export function verdict(ok: boolean | null): BenchRow["verdict"] {
  return ok === null ? "-" : ok ? "met" : "MISSED";
}

/** Runs a measurement `times` times in a row and returns every result. */
export async function repeat<T>(times: number, measure: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < times; i++) out.push(await measure(i));
  return out;
}

/** The table as Markdown, so README's Performance section can hold it as printed. */
export function printRows(rows: BenchRow[]): void {
  const cols = ["benchmark", "result", "baseline", "target", "verdict"] as const;
  const widths = cols.map((c) => Math.max(c.length, ...rows.map((r) => r[c].length)));
  const line = (vals: string[]) => "| " + vals.map((v, i) => v.padEnd(widths[i]!)).join(" | ") + " |";
  console.log(line([...cols]));
  console.log("|" + widths.map((w) => "-".repeat(w + 2)).join("|") + "|");
  for (const r of rows) console.log(line(cols.map((c) => r[c])));
}
