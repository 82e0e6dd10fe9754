import type { BenchRow } from "../rows.ts";
import { benchCollectionScroll } from "./collectionScroll.ts";
import { benchLighthouse } from "./lighthouse.ts";
import { benchReveal } from "./reveal.ts";
import { benchTransfer } from "./transfer.ts";

export interface WebBenchContext {
  /** A running `npm start` of the built game. */
  baseUrl: string;
  chromiumPath: string;
  /** The PostgreSQL database that server uses (benchmarks may seed it directly). */
  databaseUrl: string;
}

/** The browser benchmarks, in the order the table shows them. */
export const WEB_BENCHES: Record<string, (ctx: WebBenchContext) => Promise<BenchRow[]>> = {
  transfer: benchTransfer,
  lighthouse: benchLighthouse,
  collection: benchCollectionScroll,
  reveal: benchReveal,
};
