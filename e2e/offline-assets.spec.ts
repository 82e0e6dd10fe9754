import { expect, test, type Page } from "@playwright/test";
import { CARD_FILES, PACK_FILES, SOUND_NAMES, backgroundArtPath, cardArtPath, soundPath } from "../assets/scripts/artManifest";
import { MSG } from "@contract/messages";
import { PASSWORD, expectOfflineCopy, expectShell, openLogin, signOut, signUp, submitLogin, uniqueName } from "./support/game";

// About the service worker, which the config blocks everywhere else.
test.use({ serviceWorkers: "allow" });

// Issue 12, art and sound offline: after sign-in the game fills the service worker's caches in
// quiet moments, so a player who only looked at the packs screen still sees every picture offline.

const nav = (page: Page, name: string) => page.getByRole("navigation", { name: "Game" }).getByRole("link", { name });
const isWarmUpRequest = (path: string) => /^\/(cards|backgrounds|packs|sounds)\//.test(path);

interface PulledCard {
  character: string;
  background: string;
  isHolo: boolean;
  isGlitch: boolean;
  isDarkHolo: boolean;
}

/** "Another device": a new player opens packs through the API, then that browser goes away. */
async function playerWithCards(page: Page, packs: number): Promise<{ username: string; cards: PulledCard[] }> {
  const username = uniqueName("art");
  await signUp(page, username);
  const cards: PulledCard[] = [];
  for (let i = 0; i < packs; i++) {
    const res = await page.request.post("/api/open-pack", { data: { set: 1 }, headers: { Origin: new URL(page.url()).origin } });
    expect(res.status()).toBe(200);
    cards.push(...(await res.json()).cards);
  }
  return { username, cards };
}

/** The URLs (of those given) that are not in any of the page's caches yet. */
function notCached(page: Page, urls: string[]): Promise<string[]> {
  return page.evaluate(async (list) => {
    const missing: string[] = [];
    for (const url of list) if (!(await caches.match(url))) missing.push(url);
    return missing;
  }, urls);
}

test("a player who only saw the packs screen has every pack, card and sound offline", async ({ browser, page }) => {
  test.slow(); // two sign-ins and a whole catalogue of art on a loaded machine
  const other = await browser.newContext();
  const { username, cards } = await playerWithCards(await other.newPage(), 2);
  await other.close();

  await openLogin(page);
  await submitLogin(page, username, PASSWORD);
  await expectShell(page);

  const owned = cards.flatMap((c) => [cardArtPath(c.character, c.isHolo || c.isGlitch || c.isDarkHolo), ...(c.background ? [backgroundArtPath(c.background)] : [])]);
  const expected = [
    ...PACK_FILES.map((f) => `/${f}`),
    ...owned,
    ...CARD_FILES.map((f) => `/${f}`),
    // Chromium plays Opus: the game keeps that copy of each sound.
    ...SOUND_NAMES.map((name) => soundPath(name, "opus")),
  ];
  // The honest signal that the warm-up is done: everything is in the caches.
  await expect.poll(() => notCached(page, expected), { timeout: 120_000, intervals: [1000] }).toEqual([]);
  // One format per browser: no MP3 copies were fetched.
  expect(await notCached(page, [soundPath("coin", "mp3")])).toEqual([soundPath("coin", "mp3")]);

  // The collection itself offline is the device's copy (issue 12, item 1), written once the page is quiet.
  await expectOfflineCopy(page, cards.length);
  await page.context().setOffline(true);
  await page.reload();
  await expectShell(page);
  await expect(page.getByText(MSG.offline)).toBeVisible();

  // Packs: every artwork, none of the gradient stand-ins.
  const packArt = page.locator("img.pack-art");
  await expect(packArt).toHaveCount(PACK_FILES.length);
  await expect.poll(() => packArt.evaluateAll((imgs) => imgs.filter((i) => !((i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0)).length)).toBe(0);
  await expect(page.locator(".pack-art--fallback")).toHaveCount(0);

  // Collection: every tile's pictures (owned and missing entries), no emoji stand-ins.
  await nav(page, "Collection").click();
  await expect(page.getByRole("heading", { level: 1, name: "Your Collection" })).toBeVisible();
  const tiles = page.locator(".binder-card");
  await expect(tiles.first()).toBeVisible();
  await expect(page.locator('.binder-card[data-owned="true"]').first()).toBeVisible();
  const tileImages = page.locator(".binder-card img");
  const unloaded = () => tileImages.evaluateAll((imgs) => imgs.filter((i) => !((i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0)).map((i) => (i as HTMLImageElement).src));
  // The binder renders the rows in view: scroll through all of it, looking at each screenful.
  const seen = new Set<string>();
  for (let atEnd = false; !atEnd; ) {
    await tileImages.evaluateAll((imgs) => imgs.forEach((i) => ((i as HTMLImageElement).loading = "eager")));
    await expect.poll(unloaded).toEqual([]);
    await expect(page.locator(".binder-card .card-art__emoji")).toHaveCount(0);
    for (const src of await tileImages.evaluateAll((imgs) => imgs.map((i) => new URL((i as HTMLImageElement).src).pathname))) seen.add(src);
    atEnd = await page.evaluate(() => {
      const before = window.scrollY;
      window.scrollBy(0, window.innerHeight * 0.8);
      return window.scrollY === before;
    });
    await page.waitForTimeout(200); // the list renders the rows now in view
  }
  // Every portrait of the catalogue was on screen at some point (owned or greyed), and loaded.
  expect(CARD_FILES.map((f) => `/${f}`).filter((url) => !seen.has(url))).toEqual([]);
  // So was every picture of the player's own cards (their backgrounds too).
  expect(owned.filter((url) => !seen.has(url))).toEqual([]);

  // A sound, answered by the worker from its cache (and the music's byte ranges from the whole file).
  const sound = await page.evaluate(async (url) => {
    const res = await fetch(url);
    return { ok: res.ok, type: res.headers.get("content-type"), bytes: (await res.arrayBuffer()).byteLength };
  }, soundPath("coin", "opus"));
  expect(sound.ok).toBe(true);
  expect(sound.type).toMatch(/^audio\/ogg/);
  expect(sound.bytes).toBeGreaterThan(0);
  const range = await page.evaluate(async (url) => (await fetch(url, { headers: { Range: "bytes=0-99" } })).status, soundPath("music-loop", "opus"));
  expect(range).toBe(206);
});

test("signing out stops the warm-up", async ({ page }) => {
  const requested: Array<{ path: string; at: number }> = [];
  page.on("request", (r) => {
    const path = new URL(r.url()).pathname;
    if (r.resourceType() === "fetch" && isWarmUpRequest(path)) requested.push({ path, at: Date.now() });
  });
  await signUp(page, uniqueName("stop"));
  // The warm-up has begun (its fetches, not the pictures the screen shows)...
  await expect.poll(() => requested.length, { timeout: 30_000 }).toBeGreaterThan(0);
  await signOut(page);
  const signedOutAt = Date.now();
  // ...and after sign-out it asks for nothing more, while plenty was still left to fetch.
  await page.waitForTimeout(5000);
  expect(requested.filter((r) => r.at > signedOutAt).map((r) => r.path)).toEqual([]);
  const left = await notCached(page, CARD_FILES.map((f) => `/${f}`));
  expect(left.length).toBeGreaterThan(0);
});
