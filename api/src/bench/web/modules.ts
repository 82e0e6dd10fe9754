import type { BenchRow } from "../rows.ts";
import { benchReveal } from "./reveal.ts";
import { benchTransfer } from "./transfer.ts";

export interface WebBenchContext {
  /** A running `npm start` of the built game. */
  baseUrl: string;
  chromiumPath: string;
}

/** The browser benchmarks, in the order the table shows them. */
export const WEB_BENCHES: Record<string, (ctx: WebBenchContext) => Promise<BenchRow[]>> = {
  transfer: benchTransfer,
  reveal: benchReveal,
};
