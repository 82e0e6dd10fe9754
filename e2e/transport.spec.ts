import { expect, test } from "./support/test";
import { type Page, type Request, type Response } from "@playwright/test";
import { createAccount, expectShell, openLogin } from "./support/game";

// Issue 11, what travels over the wire: a visitor downloads no sound at all, a signed-in player
// gets Opus or MP3 (never WAV) once playing, and scripts arrive compressed. The service worker
// is blocked so every request is the page's own and visible here.
test.use({ serviceWorkers: "block" });

function isAudio(req: Request): boolean {
  return req.resourceType() === "media" || /\/sounds\//.test(new URL(req.url()).pathname) || /\.(wav|opus|mp3|ogg|webm|m4a)(\?|$)/.test(req.url());
}

function record(page: Page) {
  const requests: Request[] = [];
  const responses: Response[] = [];
  page.on("request", (r) => requests.push(r));
  page.on("response", (r) => responses.push(r));
  return { requests, responses };
}

test("the signed-out first visit makes no audio request, and scripts arrive compressed", async ({ page }) => {
  const seen = record(page);
  await openLogin(page);
  // Type in the form and press around as a visitor would: still nothing to hear.
  await page.getByLabel("Username").fill("someone");
  await page.getByLabel("Username").press("Tab");
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(1500); // the music's old start delay, in case anything is scheduled
  expect(seen.requests.filter(isAudio).map((r) => r.url())).toEqual([]);

  const scripts = seen.responses.filter((r) => r.request().resourceType() === "script" && new URL(r.url()).pathname.startsWith("/assets/"));
  expect(scripts.length).toBeGreaterThan(0);
  for (const res of scripts) {
    const headers = await res.allHeaders();
    expect(headers["content-encoding"], res.url()).toMatch(/^(br|gzip)$/);
    expect(headers.vary, res.url()).toMatch(/accept-encoding/i);
  }
  const page0 = seen.responses.find((r) => r.request().resourceType() === "document")!;
  expect((await page0.allHeaders())["content-encoding"]).toMatch(/^(br|gzip)$/);
});

test("after sign-in and a pack, sounds are fetched as Opus or MP3, never WAV", async ({ page }) => {
  const seen = record(page);
  await openLogin(page);
  await createAccount(page, `tr${Date.now().toString(36).slice(-8)}`);
  await expectShell(page);
  // Signed in, the effects may load in idle time, but the music waits for a touch of the game.
  const firstSound = page.waitForResponse((r) => /\/sounds\/[^/]+\.(opus|mp3)$/.test(new URL(r.url()).pathname) && r.ok());
  await page.waitForLoadState("networkidle");
  expect(seen.requests.filter(isAudio).map((r) => new URL(r.url()).pathname)).not.toContain("/sounds/music-loop.opus");

  // The pack tap is the first touch of the game: the music starts streaming too, once the effects
  // (built one per idle moment) are ready.
  const music = page.waitForRequest((r) => new URL(r.url()).pathname === "/sounds/music-loop.opus");
  await page.getByRole("button", { name: /^Open Velvet Night pack/ }).click();
  const reveal = page.getByRole("dialog", { name: "Velvet Night Pack Opened!" });
  await expect(reveal).toBeVisible();
  const sound = await firstSound;
  expect((await sound.allHeaders())["content-type"]).toMatch(/^audio\/(ogg|mpeg)/);
  await reveal.getByRole("button", { name: "Awesome!" }).click();
  await music;
  await page.waitForLoadState("networkidle");

  const urls = seen.requests.filter(isAudio).map((r) => new URL(r.url()).pathname);
  expect(urls.length).toBeGreaterThan(1);
  expect(urls).toContain("/sounds/music-loop.opus");
  for (const url of urls) expect(url).toMatch(/^\/sounds\/[a-z-]+\.(opus|mp3)$/);
  // One format per browser: Chromium plays Opus, so it never needs the MP3 copies.
  expect(urls.filter((u) => u.endsWith(".mp3"))).toEqual([]);
});
