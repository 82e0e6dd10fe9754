// Lighthouse lab runs (mobile, simulated throttling, as PageSpeed does) of the pages a player meets
// first: / (signed out: the age gate), /terms, and /collection signed in. Each page runs 3 times;
// the baseline is a tiny static page on this machine in the same run: its score is the ceiling a
// noisy shared machine allows. Run alone: BASE_URL=http://127.0.0.1:3330 tsx api/src/bench/web/lighthouse.ts
import http from "node:http";
import { benchUsername, signUp } from "../server.ts";
import { CHROMIUM_ARGS } from "./chromium.ts";
import type { AddressInfo } from "node:net";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { formatSpread, repeat, spread, verdict, type BenchRow, type Spread } from "../rows.ts";

const CHROMIUM_FLAGS = ["--headless=new", ...CHROMIUM_ARGS];

const RUNS = 3;

/** Issue 11, point 3. */
const TARGET = { performance: 0.95, accessibility: 0.95, lcpMs: 2500, tbtMs: 200, cls: 0.05 };

interface PageFigures {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

/** A page with a heading and a paragraph, nothing else: what this machine scores at best. */
const STATIC_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="Baseline page for the Lighthouse benchmark"><title>Baseline</title>
<style>body{margin:0;padding:2rem;background:#0b0a14;color:#f5f2ff;font:1rem system-ui,sans-serif}</style></head>
<body><main><h1>Foilbound baseline</h1><p>A static page served without scripts: the best score this machine allows in the same run.</p></main></body></html>`;

async function startStaticPage(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache" });
    res.end(STATIC_PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}


/** Lighthouse now and then fails to record a trace on a loaded machine (NO_NAVSTART): try again. */
async function runOnce(url: string, port: number, cookie?: string, attempts = 3): Promise<PageFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouse(url, port, cookie);
    } catch (err) {
      if (attempt >= attempts) throw err;
    }
  }
}

async function runLighthouse(url: string, port: number, cookie?: string): Promise<PageFigures> {
  const result = await lighthouse(
    url,
    {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility"],
      extraHeaders: cookie ? { Cookie: cookie } : undefined,
    },
    undefined,
  );
  if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  if (result.lhr.runtimeError) throw new Error(`lighthouse: ${result.lhr.runtimeError.message}`);
  return {
    performance: categories.performance?.score ?? NaN,
    accessibility: categories.accessibility?.score ?? NaN,
    lcpMs: audits["largest-contentful-paint"]?.numericValue ?? NaN,
    tbtMs: audits["total-blocking-time"]?.numericValue ?? NaN,
    cls: audits["cumulative-layout-shift"]?.numericValue ?? NaN,
  };
}

function rowsFor(page: string, runs: PageFigures[], baseline: PageFigures[]): BenchRow[] {
  const of = (list: PageFigures[], key: keyof PageFigures): Spread => spread(list.map((r) => r[key]));
  const row = (metric: string, key: keyof PageFigures, unit: string, digits: number, target: string, ok: (s: Spread) => boolean): BenchRow => {
    const s = of(runs, key);
    return {
      benchmark: `Lighthouse mobile ${page}: ${metric}`,
      result: formatSpread(s, unit, digits),
      baseline: `static page ${formatSpread(of(baseline, key), unit, digits)}`,
      target,
      verdict: verdict(Number.isNaN(s.median) ? null : ok(s)),
    };
  };
  return [
    row("performance", "performance", "", 2, `>= ${TARGET.performance}`, (s) => s.median >= TARGET.performance),
    row("accessibility", "accessibility", "", 2, `>= ${TARGET.accessibility}`, (s) => s.median >= TARGET.accessibility),
    row("LCP", "lcpMs", " ms", 0, `<= ${TARGET.lcpMs} ms`, (s) => s.median <= TARGET.lcpMs),
    row("TBT", "tbtMs", " ms", 0, `<= ${TARGET.tbtMs} ms`, (s) => s.median <= TARGET.tbtMs),
    row("CLS", "cls", "", 3, `<= ${TARGET.cls}`, (s) => s.median <= TARGET.cls),
  ];
}

export async function benchLighthouse(ctx: { baseUrl: string; chromiumPath: string }): Promise<BenchRow[]> {
  const base = ctx.baseUrl.replace(/\/$/, "");
  const staticPage = await startStaticPage();
  // Two browsers: Lighthouse resets a page's storage before each run but keeps the cookie jar,
  // where the signed-in page's answers leave a session cookie; in one browser, every later run of
  // the signed-out pages measured a signed-in visitor (the whole game's code instead of the age gate).
  const signedOut = await chromeLauncher.launch({ chromePath: ctx.chromiumPath, chromeFlags: CHROMIUM_FLAGS });
  const signedIn = await chromeLauncher.launch({ chromePath: ctx.chromiumPath, chromeFlags: CHROMIUM_FLAGS });
  try {
    const cookie = await signUp(base, benchUsername("lh"));
    const pages: Array<{ name: string; url: string; cookie?: string }> = [
      { name: "/ (signed out)", url: `${base}/` },
      { name: "/terms", url: `${base}/terms` },
      { name: "/collection (signed in)", url: `${base}/collection`, cookie },
    ];
    // Interleaved: each round measures the baseline and every page, so a noisy moment hits all.
    const baseline: PageFigures[] = [];
    const runs = new Map<string, PageFigures[]>(pages.map((p) => [p.name, []]));
    await repeat(RUNS, async () => {
      baseline.push(await runOnce(staticPage.url, signedOut.port));
      for (const page of pages) runs.get(page.name)!.push(await runOnce(page.url, (page.cookie ? signedIn : signedOut).port, page.cookie));
    });
    return pages.flatMap((p) => rowsFor(p.name, runs.get(p.name)!, baseline));
  } finally {
    signedOut.kill();
    signedIn.kill();
    await staticPage.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { printRows } = await import("../rows.ts");
  const rows = await benchLighthouse({
    baseUrl: process.env.BASE_URL || "http://127.0.0.1:3000",
    chromiumPath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  });
  printRows(rows);
}
