/**
 * What a phone downloads (issue 11): each route loaded in headless Chromium with an empty cache
 * and the service worker blocked, every response counted three ways: the bytes that crossed the
 * wire, the raw body, and the body compressed with gzip -9 and brotli -11 (what a precompressed
 * copy weighs). Beside it, the baseline: a static text file served by the same server.
 *
 *   BASE_URL=http://localhost:3310 npx tsx api/src/bench/web/transfer.ts
 */
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { benchUsername } from "../server.ts";
import { PLAYWRIGHT_CHROMIUM } from "./chromium.ts";
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { SOUND_FORMATS, SOUND_NAMES, type SoundFormat } from "../../../../assets/scripts/artManifest.ts";
import { formatSpread, printRows, repeat, spread, verdict, type BenchRow } from "../rows.ts";

const RUNS = 3;
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
/** The static page every route is compared with: a legal text, served like any other file. */
const BASELINE_PATH = "/terms-of-service.md";

const KB = 1000;
const kB = (bytes: number) => `${(bytes / KB).toFixed(1)} kB`;

interface Loaded {
  url: string;
  type: string;
  /** Bytes on the wire (headers included), as Chromium counted them. */
  wire: number;
  raw: number;
  gzip: number;
  br: number;
}

export interface RouteTransfer {
  wire: number;
  raw: number;
  gzip: number;
  br: number;
  /**
   * Scripts requested until the first screen is usable (its `ready` element visible) and the
   * network is then quiet, gzip -9 (the budget's unit). Not the load event: the app is imported
   * one frame after it (pwa/src/boot.ts), so "before load" would count only the boot script.
   */
  eagerJsGzip: number;
  audioBytes: number;
  audioRequests: number;
  /** Navigation start to the load event, ms. */
  loadMs: number;
}

function sizes(body: Buffer): { raw: number; gzip: number; br: number } {
  return {
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }).length,
  };
}

const isAudio = (l: Loaded) => l.type === "Media" || /\/sounds\/|\.(wav|opus|mp3|ogg|m4a|webm)$/.test(new URL(l.url).pathname);

/**
 * Loads `path` in a fresh context and counts everything it fetches until the network is quiet.
 * `ready` waits for the first screen to be usable: the scripts requested by then (and until the
 * network is quiet) are the eager JS. `then` runs afterwards (e.g. answering the age gate) and is
 * counted in the transfer, not in the eager JS.
 */
async function measureRoute(
  browser: Browser,
  baseUrl: string,
  path: string,
  opts: { cookie?: string; ready?: (page: Page) => Promise<void>; then?: (page: Page) => Promise<void> } = {},
): Promise<RouteTransfer> {
  const context: BrowserContext = await browser.newContext({ ...PHONE, serviceWorkers: "block", baseURL: baseUrl });
  try {
    if (opts.cookie) {
      const host = new URL(baseUrl).hostname;
      await context.addCookies(opts.cookie.split("; ").map((pair) => {
        const eq = pair.indexOf("=");
        return { name: pair.slice(0, eq), value: pair.slice(eq + 1), domain: host, path: "/" };
      }));
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    const meta = new Map<string, { url: string; type: string }>();
    const wire = new Map<string, number>();
    cdp.on("Network.responseReceived", (e) => meta.set(e.requestId, { url: e.response.url, type: e.type }));
    const requested: string[] = [];
    cdp.on("Network.requestWillBeSent", (e) => requested.push(e.requestId));
    cdp.on("Network.loadingFinished", (e) => wire.set(e.requestId, e.encodedDataLength));
    const bodies: Array<Promise<{ url: string; body: Buffer } | null>> = [];
    page.on("response", (res) => {
      if (res.request().method() !== "GET" || res.status() === 204 || res.status() === 304) return;
      // The live events' stream (issue 47) never ends: waiting for its body hung the bench.
      if ((res.headers()["content-type"] ?? "").startsWith("text/event-stream")) return;
      bodies.push(res.body().then((body) => ({ url: res.url(), body })).catch(() => null));
    });

    await page.goto(path, { waitUntil: "load" });
    if (opts.ready) await opts.ready(page);
    await page.waitForLoadState("networkidle");
    const firstScreen = new Set(requested);
    if (opts.then) {
      await opts.then(page);
      await page.waitForLoadState("networkidle");
    }
    const loadMs = await page.evaluate(() => {
      const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
      return nav ? nav.loadEventEnd - nav.startTime : NaN;
    });

    const byUrl = new Map<string, { raw: number; gzip: number; br: number }>();
    for (const got of await Promise.all(bodies)) if (got && !byUrl.has(got.url)) byUrl.set(got.url, sizes(got.body));
    const loaded: Array<Loaded & { eager: boolean }> = [];
    for (const [id, m] of meta) {
      const s = byUrl.get(m.url) ?? { raw: 0, gzip: 0, br: 0 };
      loaded.push({ url: m.url, type: m.type, wire: wire.get(id) ?? 0, ...s, eager: firstScreen.has(id) });
    }
    const sum = (list: Loaded[], key: "wire" | "raw" | "gzip" | "br") => list.reduce((n, l) => n + l[key], 0);
    const scripts = loaded.filter((l) => l.type === "Script" && l.eager);
    if (process.env.BENCH_DEBUG) for (const l of scripts) console.error(`eager ${path}: ${(l.gzip / 1000).toFixed(1)} kB ${l.url}`);
    const audio = loaded.filter(isAudio);
    return {
      wire: sum(loaded, "wire"),
      raw: sum(loaded, "raw"),
      gzip: sum(loaded, "gzip"),
      br: sum(loaded, "br"),
      eagerJsGzip: sum(scripts, "gzip"),
      audioBytes: sum(audio, "wire"),
      audioRequests: audio.length,
      loadMs,
    };
  } finally {
    await context.close();
  }
}

/** A fresh player through the API; returns its cookie header. */
async function signUpPlayer(baseUrl: string): Promise<string> {
  const username = benchUsername("xfer");
  const res = await fetch(`${baseUrl}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseUrl },
    body: JSON.stringify({ username, password: "benchpw1", displayName: username, ageConfirmed: true, termsAccepted: true }),
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** All sounds of one format as served (what one browser downloads if it plays everything). */
async function soundBytes(baseUrl: string, format: SoundFormat): Promise<number> {
  let total = 0;
  for (const name of SOUND_NAMES) {
    const res = await fetch(`${baseUrl}/sounds/${name}.${format}`);
    // A missing file falls back to the app's index.html: count only real audio.
    if (!res.ok || !res.headers.get("content-type")?.startsWith("audio/")) throw new Error(`/sounds/${name}.${format} is not served`);
    total += (await res.arrayBuffer()).byteLength;
  }
  return total;
}

/** The first screens, usable: the age gate or the login form; the legal text; the collection. */
const ageGateOrLogin = (page: Page) => page.getByRole("button", { name: "I am 18+" }).or(page.getByLabel("Username")).first().waitFor({ timeout: 15_000 });
const termsText = (page: Page) => page.getByRole("heading", { level: 1, name: "Foilbound Terms of Service" }).waitFor({ timeout: 15_000 });
const collectionShown = (page: Page) => page.locator(".binder, .collection__empty").first().waitFor({ timeout: 15_000 });

const answerAgeGate = async (page: Page) => {
  const gate = page.getByRole("button", { name: "I am 18+" });
  const username = page.getByLabel("Username");
  await gate.or(username).first().waitFor({ timeout: 15_000 });
  if (await gate.isVisible()) await gate.click();
  await username.waitFor({ timeout: 15_000 });
};

export async function benchTransfer(ctx: { baseUrl: string; chromiumPath: string }): Promise<BenchRow[]> {
  const baseUrl = ctx.baseUrl.replace(/\/$/, "");
  const browser = await chromium.launch({ executablePath: ctx.chromiumPath, ...PLAYWRIGHT_CHROMIUM });
  try {
    const cookie = await signUpPlayer(baseUrl);
    const routes = [
      { label: "/ first visit, age gate + login (signed out)", path: "/", opts: { ready: ageGateOrLogin, then: answerAgeGate }, eagerTarget: 150 * KB, firstVisit: true },
      { label: "/terms first visit (signed out)", path: "/terms", opts: { ready: termsText }, eagerTarget: null, firstVisit: true },
      { label: "/collection (signed in)", path: "/collection", opts: { cookie, ready: collectionShown }, eagerTarget: 170 * KB, firstVisit: false },
    ] as const;

    // Interleaved: each round loads the baseline and every route, so noise hits them alike.
    const baseline: RouteTransfer[] = [];
    const results = new Map<string, RouteTransfer[]>(routes.map((r) => [r.path, []]));
    await repeat(RUNS, async () => {
      baseline.push(await measureRoute(browser, baseUrl, BASELINE_PATH));
      for (const r of routes) results.get(r.path)!.push(await measureRoute(browser, baseUrl, r.path, r.opts));
    });

    const base = spread(baseline.map((b) => b.wire));
    const baseLoad = spread(baseline.map((b) => b.loadMs));
    const baselineText = `static ${BASELINE_PATH}: ${kB(base.median)}`;
    const rows: BenchRow[] = [];
    for (const r of routes) {
      const runs = results.get(r.path)!;
      const wire = spread(runs.map((x) => x.wire));
      const median = (key: keyof RouteTransfer) => spread(runs.map((x) => x[key])).median;
      rows.push({
        benchmark: `transfer: ${r.label}`,
        result: `${kB(wire.median)} on the wire (raw ${kB(median("raw"))}, gzip ${kB(median("gzip"))}, br ${kB(median("br"))}); ${(wire.median / base.median).toFixed(0)}x baseline`,
        baseline: baselineText,
        target: r.firstVisit ? "<= 400 kB" : "-",
        verdict: r.firstVisit ? verdict(wire.max <= 400 * KB) : "-",
      });
      const eager = spread(runs.map((x) => x.eagerJsGzip));
      rows.push({
        benchmark: `eager JS until usable + network idle (gzip): ${r.label}`,
        result: formatSpread({ min: eager.min / KB, median: eager.median / KB, max: eager.max / KB }, " kB"),
        baseline: "static text: 0 kB",
        target: r.eagerTarget === null ? "-" : `<= ${r.eagerTarget / KB} kB`,
        verdict: r.eagerTarget === null ? "-" : verdict(eager.max <= r.eagerTarget),
      });
      const load = spread(runs.map((x) => x.loadMs));
      rows.push({
        benchmark: `load event (no throttling): ${r.label}`,
        result: `${formatSpread(load, " ms", 0)}; ${(load.median / baseLoad.median).toFixed(1)}x baseline`,
        baseline: `static ${BASELINE_PATH}: ${formatSpread(baseLoad, " ms", 0)}`,
        target: "-",
        verdict: "-",
      });
    }

    const signedOut = routes.filter((r) => r.firstVisit).flatMap((r) => results.get(r.path)!);
    const audioBytes = Math.max(...signedOut.map((x) => x.audioBytes));
    const audioRequests = Math.max(...signedOut.map((x) => x.audioRequests));
    rows.push({
      benchmark: "audio before sign-in (/, age gate, login, /terms)",
      result: `${kB(audioBytes)} in ${audioRequests} requests`,
      baseline: "static text: 0 kB",
      target: "0 bytes",
      verdict: verdict(audioBytes === 0 && audioRequests === 0),
    });
    for (const format of SOUND_FORMATS) {
      const bytes = await soundBytes(baseUrl, format).catch(() => NaN);
      rows.push({
        benchmark: `sounds, all ${SOUND_NAMES.length} as ${format}`,
        result: Number.isNaN(bytes) ? "not served" : kB(bytes),
        baseline: `${kB(base.median)} (static text)`,
        target: "<= 300 kB",
        verdict: verdict(bytes <= 300 * KB),
      });
    }
    return rows;
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await benchTransfer({
    baseUrl: process.env.BASE_URL || "http://localhost:3000",
    chromiumPath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  });
  printRows(rows);
}
