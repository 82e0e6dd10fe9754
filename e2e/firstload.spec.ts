import { expect, test, type Page } from "@playwright/test";
import { createAccount, expectShell, signUp, uniqueName } from "./support/game";

// Issue 11, first load: what a new visitor's phone downloads before signing in, and a first paint
// that needs no script. Behaviours only; the sizes and timings live in the web benchmark.

/** The signed-in shell's chunk (routes/-signedIn/SignedInApp.tsx): header, rewards, chat, sound, offline copy. */
const SHELL_CHUNK = /\/assets\/SignedInApp-[\w-]+\.js$/;

/** Holds the app's main chunk until the returned release() is called: what shows meanwhile is drawn without React. */
async function holdApp(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** From the next page load on, adds up the layout shifts the browser reports without recent input. */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) w.__shift += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
}

const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { __shift: number }).__shift);

test.describe("a new visitor", () => {
  test.use({ serviceWorkers: "block" });

  test("sees the age gate without downloading the game, which loads once they sign in", async ({ page }) => {
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));

    await page.goto("/");
    await expect(page.getByRole("heading", { name: "CONTENT WARNING" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(requested.filter((path) => SHELL_CHUNK.test(path)), "the signed-in shell before sign-in").toEqual([]);
    expect(requested.filter((path) => path.startsWith("/sounds/")), "sounds before sign-in").toEqual([]);
    expect(requested.filter((path) => path.startsWith("/cards/")), "card art before sign-in").toEqual([]);
    expect(requested).not.toContain("/api/collection");

    await page.getByRole("button", { name: "I am 18+" }).click();
    await createAccount(page, uniqueName("first"));
    await expectShell(page);
    expect(requested.filter((path) => SHELL_CHUNK.test(path))).toHaveLength(1);
  });

  test("is sent the start-up code marked for compiling while it downloads, not when it first runs", async ({ request }) => {
    // Chrome's explicit compile hint (vite.config.ts): the first line of the file.
    const HINT = "//# allFunctionsCalledOnLoad";
    const html = await (await request.get("/")).text();
    const entry = html.match(/<script type="module" crossorigin src="([^"]+)"/)?.[1];
    const plan = JSON.parse(html.match(/<meta name="foilbound-preload" content="([^"]+)"/)![1]!.replaceAll("&quot;", '"')) as { staged: string[] };
    const firstLine = async (file: string) => (await (await request.get(file)).text()).split("\n", 1)[0];
    expect(await firstLine(entry!)).toBe(HINT);
    const staged = await Promise.all(plan.staged.map(async (file) => ({ file, hinted: (await firstLine(file)) === HINT })));
    // React DOM, the router, React Query and main.tsx at least; the small helper chunks stay lazy.
    expect(staged.filter((c) => c.hinted).length, JSON.stringify(staged)).toBeGreaterThanOrEqual(4);
    expect(staged.some((c) => !c.hinted)).toBe(true);
  });

  test("gets the loading screen from the page itself, before any script runs", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.getByRole("img", { name: "Foilbound" })).toBeVisible();
    await expect(page.getByRole("status")).toHaveText("Loading your game...");
    await context.close();
  });
});

test.describe("a new visitor's age gate", () => {
  test.use({ serviceWorkers: "block" });

  test("is drawn before the app's code has run, and nothing moves when the app takes over", async ({ page }) => {
    const release = await holdApp(page);
    await recordLayoutShifts(page);
    await page.goto("/");
    const gate = page.getByRole("region", { name: "CONTENT WARNING" });
    await expect(gate).toBeVisible();
    await expect(gate).toContainText("Foilbound contains NSFW and explicit content intended for adults only.");
    await expect(page).toHaveTitle("Content warning · Foilbound");
    await expect(page.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
    expect(await page.getByRole("region", { name: "Notifications" }).count(), "the app has not run yet").toBe(0);
    const early = await gate.boundingBox();

    release();
    // The app runs once the visitor acts (here: the mouse) and draws the same screen over it.
    await page.mouse.move(10, 10);
    await expect(page.getByRole("region", { name: "Notifications" })).toHaveCount(1);
    await expect(gate).toBeVisible();
    expect(await gate.boundingBox(), "in the same place and size").toEqual(early);
    expect(await layoutShift(page)).toBeLessThan(0.01);
  });

  test("answers 'I am 18+' before the app's code has run: the login form follows, and the answer is remembered", async ({ page }) => {
    const release = await holdApp(page);
    await page.goto("/");
    const accept = page.getByRole("button", { name: "I am 18+" });
    await accept.click();
    await expect(accept).toHaveAttribute("aria-busy", "true");
    release();
    await expect(page.getByRole("button", { name: "Begin Adventure" })).toBeVisible();
    await expect(page).toHaveTitle("Sign in · Foilbound");
    await page.reload();
    await expect(page.getByRole("button", { name: "Begin Adventure" })).toBeVisible();
  });
});

test.describe("a visitor opening a legal page", () => {
  test.use({ serviceWorkers: "block" });

  test("gets its text and its code from the page's first requests, each asked for once", async ({ page }) => {
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    await page.goto("/terms");
    await expect(page.getByRole("heading", { level: 1, name: /Terms of Service/ })).toBeVisible();
    await page.waitForLoadState("networkidle");
    // The app's code comes when the visitor acts (or after a quiet moment); its first request is the config.
    const config = page.waitForRequest((request) => request.url().endsWith("/api/config"));
    await page.mouse.move(10, 10);
    await config;
    expect(requested.filter((path) => path === "/terms-of-service.md"), "the text, once").toHaveLength(1);
    expect(requested.filter((path) => /\/assets\/LegalPage-[\w-]+\.js$/.test(path)), "the page's chunk, once").toHaveLength(1);
    // The page itself asks for the text: before the app's code has run (its first request is the config).
    expect(requested.indexOf("/terms-of-service.md"), "the text before the app's code runs").toBeLessThan(requested.indexOf("/api/config"));
  });

  test("a press on 'Back to Game' while the app's code arrives still leads back to the game", async ({ page }) => {
    const release = await holdApp(page);
    await page.goto("/privacy");
    await expect(page.getByRole("heading", { level: 1, name: /Privacy Policy/ })).toBeVisible();
    const back = page.getByRole("link", { name: "Back to Game" }).first();
    const box = (await back.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    // The app's code arrives and is ready to draw while the finger is still down.
    const mainChunk = page.waitForResponse(/\/assets\/main-[\w-]+\.js$/);
    release();
    await mainChunk;
    await page.waitForTimeout(1500);
    await page.mouse.up();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: "CONTENT WARNING" })).toBeVisible();
  });

  test("reads the text before the app's code has run, and nothing moves when the app takes over", async ({ page }) => {
    // Hold the app's main chunk: what shows meanwhile is drawn without React.
    const release = await holdApp(page);
    await recordLayoutShifts(page);
    await page.goto("/privacy");
    const doc = page.locator("article.legal__doc");
    await expect(page.getByRole("heading", { level: 1, name: /Privacy Policy/ })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Game" })).toHaveCount(2);
    expect(await page.title(), "the app has not run yet").toBe("Foilbound");
    const early = { text: await doc.innerText(), box: await doc.boundingBox() };

    release();
    await page.mouse.move(10, 10);
    await expect(page).toHaveTitle(/Privacy Policy/);
    await expect(doc).toHaveAttribute("aria-busy", "false");
    expect(await doc.innerText(), "the same text once the app draws the page").toBe(early.text);
    expect(await doc.boundingBox(), "in the same place and size").toEqual(early.box);
    expect(await layoutShift(page)).toBeLessThan(0.01);
  });
});

test("the collection does not shift under the player while it loads", async ({ page }) => {
  await signUp(page, uniqueName("shift"));
  // Every layout shift from the first paint of a fresh visit to /collection, as the browser reports it.
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { __shifts: number[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto("/collection");
  await expect(page.getByText("Showing 0 of 128 cards")).toBeVisible();
  await page.waitForLoadState("networkidle");
  const total = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts.reduce((sum, v) => sum + v, 0));
  // Issue 11: CLS at most 0.05 (it was 0.37, the footer jumping when the binder arrived).
  expect(total).toBeLessThanOrEqual(0.05);
});

test("a signed-in visit asks for the header's and the view's data once each", async ({ page }) => {
  await signUp(page, uniqueName("reads"));
  const asked: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/") && request.method() === "GET") asked.push(url.pathname + (request.headers()["if-none-match"] ? " (conditional)" : ""));
  });
  // The reads start before the view mounts (routes/-signedIn/firstReads.ts); the view joins them.
  await page.goto("/collection");
  await expect(page.getByText("Showing 0 of 128 cards")).toBeVisible();
  await expect(page.getByTestId("header-rank")).toHaveAccessibleName(/Your rank/);
  await page.waitForLoadState("networkidle");
  expect(asked.filter((path) => path === "/api/user/rank"), "the rank, once").toHaveLength(1);
  expect(asked.filter((path) => path === "/api/user/rewards"), "the rewards, once").toHaveLength(1);
  expect(asked.filter((path) => path === "/api/collection"), "the collection, once (the offline copy's sync may ask again, conditionally)").toHaveLength(1);
});
