// A 10,000-card collection in headless Chromium at 4x CPU throttling: the longest main-thread task
// while /collection loads, on a first visit on the device (no service worker, no copy: the worst
// case) and on a returning visit (the game stored by its service worker, the collection's copy
// written: what a player who opened 10,000 cards usually meets), then the longest task and the
// p95 frame time while the binder scrolls (first visit). Beside it, the same runs for a player with no
// cards (the screen's own floor on this machine, in the same run). Issue 11, point 3: no task over
// 50 ms. The cards are rows inserted straight into PostgreSQL (DATABASE_URL of the server under test).
// Run alone: BASE_URL=http://127.0.0.1:3330 DATABASE_URL=postgres://... tsx api/src/bench/web/collectionScroll.ts
import knex, { type Knex } from "knex";
import { chromium, type Browser, type Page } from "@playwright/test";
import { pullCard } from "../../game/pull.ts";
import { points } from "../../game/rarity.ts";
import { seededRandom } from "../../game/seededRandom.ts";
import { SETS } from "../../game/sets.ts";
import { formatSpread, repeat, spread, verdict, type BenchRow } from "../rows.ts";
import { benchUsername } from "../server.ts";
import { CPU_SLOWDOWN, PLAYWRIGHT_CHROMIUM } from "./chromium.ts";
import { cardIdentityColumns } from "../../db/cardIdentity.ts";

const CARDS = 10_000;
const RUNS = 3;
const TASK_TARGET_MS = 50;

interface Figures {
  loadLongestTaskMs: number;
  scrollLongestTaskMs: number;
  scrollP95FrameMs: number;
}

/** A new player through the API; returns its id and Cookie header. */
async function signUp(baseUrl: string, tag: string): Promise<{ id: number; cookie: string }> {
  const username = benchUsername(tag);
  const res = await fetch(`${baseUrl}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseUrl },
    body: JSON.stringify({ username, password: "benchpw1", ageConfirmed: true, termsAccepted: true }),
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const { user } = (await res.json()) as { user: { id: number } };
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { id: user.id, cookie };
}

/** Real pulls from the engine, so the binder has the game's own mix of sets, tiers and finishes. */
async function giveCards(db: Knex, userId: number, count: number): Promise<void> {
  const rng = seededRandom(11);
  const rows = Array.from({ length: count }, (_, i) => {
    const card = pullCard(SETS[i % SETS.length]!.id, rng);
    return { user_id: userId, ...cardIdentityColumns(card), points: points(card) };
  });
  for (let i = 0; i < rows.length; i += 1000) await db("cards").insert(rows.slice(i, i + 1000));
  // The kept totals the pack opener would have written (card_count, total_score).
  await db.raw(
    `UPDATE users u SET card_count = s.n, total_score = s.total
     FROM (SELECT count(*) AS n, coalesce(sum(points), 0) AS total FROM cards WHERE user_id = ?) s WHERE u.id = ?`,
    [userId, userId],
  );
}

/**
 * Long tasks and frame times, recorded in the page from its first script on. A string, not a
 * function: tsx would wrap a function's inner helpers in a __name() the page does not have.
 */
const RECORDERS = `
  window.__longTasks = [];
  window.__frames = [];
  window.__recordFrames = false;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
  }).observe({ type: "longtask", buffered: true });
  let last = 0;
  requestAnimationFrame(function frame(now) {
    if (window.__recordFrames && last) window.__frames.push(now - last);
    last = now;
    requestAnimationFrame(frame);
  });
`;

/**
 * Waits for `selector` without Playwright's locators: their first use evaluates Playwright's
 * injected script in the page (one task of ~40-55 ms at 4x CPU, which the page's long-task
 * observer counted as the app's), and their visibility checks force style and layout from the
 * driver's own tasks. A plain querySelector, polled from here, costs the page nothing.
 */
async function waitForSelectorQuietly(page: Page, selector: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate(`document.querySelector(${JSON.stringify(selector)}) !== null`))) {
    if (Date.now() > deadline) throw new Error(`no ${selector} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Whether the device's copy holds the whole collection (its sync is stamped with the answer's tag). */
const COPY_SAVED = `new Promise((resolve) => {
  const open = indexedDB.open("foilbound-offline");
  open.onerror = () => resolve(false);
  open.onsuccess = () => {
    const db = open.result;
    if (!db.objectStoreNames.contains("snapshots")) return db.close(), resolve(false);
    const all = db.transaction("snapshots").objectStore("snapshots").getAll();
    all.onsuccess = () => (db.close(), resolve(all.result.some((s) => s.collectionEtag)));
    all.onerror = () => (db.close(), resolve(false));
  };
})`;

/**
 * Brings the game onto the device as a first visit does, unthrottled: the service worker installed
 * and in control (the scripts in its cache, where Chromium keeps their compiled code), the
 * collection's copy written.
 */
async function visitOnce(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/collection`, { waitUntil: "load" });
  const deadline = Date.now() + 120_000;
  while (!(await page.evaluate(`navigator.serviceWorker.controller !== null`)) || !(await page.evaluate(COPY_SAVED))) {
    if (Date.now() > deadline) throw new Error("the first visit did not store the game and the copy within 120 s");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function measureOnce(browser: Browser, baseUrl: string, cookie: string, returning = false): Promise<Figures> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, serviceWorkers: returning ? "allow" : "block" });
  try {
    await context.addCookies(
      cookie.split("; ").map((pair) => {
        const at = pair.indexOf("=");
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl };
      }),
    );
    const page = await context.newPage();
    if (returning) await visitOnce(page, baseUrl);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await page.addInitScript(RECORDERS);

    // Load: until the binder shows and the page has been quiet for a second (mirror write included).
    await page.goto(`${baseUrl}/collection`, { waitUntil: "load" });
    // The binder, or for the player with no cards the screen's empty state (it has no binder).
    await waitForSelectorQuietly(page, ".binder, .collection__empty", 120_000);
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(1500);
    const loadTasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks.splice(0));
    if (process.env.BENCH_DEBUG) console.error(`collection load${returning ? " (returning)" : ""}: long tasks ${JSON.stringify(loadTasks.map(Math.round))}`);

    // Scroll: a thumb's flicks, 300 px every 100 ms, down the binder for 6 seconds.
    await page.evaluate(() => ((window as unknown as { __recordFrames: boolean }).__recordFrames = true));
    for (let i = 0; i < 60; i++) {
      await page.mouse.wheel(0, 300);
      await page.waitForTimeout(100);
    }
    await page.waitForTimeout(500);
    const scroll = await page.evaluate(() => {
      const w = window as unknown as { __longTasks: number[]; __frames: number[] };
      return { tasks: w.__longTasks.splice(0), frames: w.__frames.splice(0) };
    });
    const frames = [...scroll.frames].sort((a, b) => a - b);
    return {
      loadLongestTaskMs: Math.max(0, ...loadTasks),
      scrollLongestTaskMs: Math.max(0, ...scroll.tasks),
      scrollP95FrameMs: frames[Math.min(frames.length - 1, Math.floor(frames.length * 0.95))] ?? NaN,
    };
  } finally {
    await context.close();
  }
}

export async function benchCollectionScroll(ctx: { baseUrl: string; chromiumPath: string; databaseUrl: string }): Promise<BenchRow[]> {
  const base = ctx.baseUrl.replace(/\/$/, "");
  const db = knex({ client: "pg", connection: ctx.databaseUrl, pool: { min: 0, max: 2 } });
  const browser = await chromium.launch({ executablePath: ctx.chromiumPath, ...PLAYWRIGHT_CHROMIUM });
  try {
    const big = await signUp(base, "cs");
    await giveCards(db, big.id, CARDS);
    const empty = await signUp(base, "ce");
    const runs: Figures[] = [];
    const baseline: Figures[] = [];
    const returns: Figures[] = [];
    const returnsBaseline: Figures[] = [];
    // Interleaved, so a noisy moment on the shared machine hits both.
    await repeat(RUNS, async () => {
      baseline.push(await measureOnce(browser, base, empty.cookie));
      runs.push(await measureOnce(browser, base, big.cookie));
      returnsBaseline.push(await measureOnce(browser, base, empty.cookie, true));
      returns.push(await measureOnce(browser, base, big.cookie, true));
    });
    const row = (name: string, key: keyof Figures, target: number | null, [mine, theirs] = [runs, baseline]): BenchRow => {
      const s = spread(mine.map((r) => r[key]));
      return {
        benchmark: `/collection, ${CARDS.toLocaleString("en-US")} cards, ${CPU_SLOWDOWN}x CPU: ${name}`,
        result: formatSpread(s, " ms", 0),
        baseline: `no cards ${formatSpread(spread(theirs.map((r) => r[key])), " ms", 0)}`,
        target: target === null ? "-" : `<= ${target} ms`,
        verdict: verdict(target === null ? null : s.median <= target),
      };
    };
    return [
      row("longest task while loading (first visit on the device)", "loadLongestTaskMs", TASK_TARGET_MS),
      row("longest task while loading (returning: game and copy on the device)", "loadLongestTaskMs", TASK_TARGET_MS, [returns, returnsBaseline]),
      row("longest task while scrolling", "scrollLongestTaskMs", TASK_TARGET_MS),
      row("p95 frame time while scrolling", "scrollP95FrameMs", null),
    ];
  } finally {
    await browser.close();
    await db.destroy();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { printRows } = await import("../rows.ts");
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error("DATABASE_URL (the PostgreSQL of the server under test) is required");
  const rows = await benchCollectionScroll({
    baseUrl: process.env.BASE_URL || "http://127.0.0.1:3000",
    chromiumPath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    databaseUrl,
  });
  printRows(rows);
}
