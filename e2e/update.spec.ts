import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { MSG } from "@contract/messages";
import { untilWorkerControls } from "./support/game";

// About the service worker, which the config blocks everywhere else.
test.use({ serviceWorkers: "allow" });

// A new deployment is simulated by changing the built service worker: the browser then installs it
// beside the running one and the game offers a reload. Runs in its own project, after all others,
// because it touches the build that the server is serving.
const SW_FILE = path.join(import.meta.dirname, "../dist/pwa/sw.js");
const ART = "/packs/set1.webp";
const SOUND = "/sounds/coin.opus";

/** Whether the runtime caches the offline warm-up fills hold the picture and the sound. */
const assetsCached = (page: Page) =>
  page.evaluate(
    async ([art, sound]) => !!(await (await caches.open("foilbound-art")).match(art!)) && !!(await (await caches.open("foilbound-sounds")).match(sound!)),
    [ART, SOUND],
  );
/** Fetches `url` from the page and tells whether a picture came back. */
const fetchOk = (page: Page, url: string) => page.evaluate(async (u) => (await fetch(u)).ok, url);
const workers = (page: Page) =>
  page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    return { waiting: !!reg?.waiting, controller: navigator.serviceWorker.controller?.scriptURL ?? null };
  });

test("a waiting new version is offered as a reload", async ({ page }) => {
  await page.goto("/terms");
  await untilWorkerControls(page);
  await expect(page.getByRole("alertdialog")).toHaveCount(0);

  const original = readFileSync(SW_FILE, "utf8");
  try {
    writeFileSync(SW_FILE, `${original}\n// next version ${Date.now()}\n`);
    await page.reload();
    const prompt = page.getByRole("alertdialog");
    await expect(prompt).toContainText(MSG.updateAvailable, { timeout: 20_000 });
    await Promise.all([page.waitForEvent("framenavigated"), prompt.getByRole("button", { name: "Reload" }).click()]);
    await expect(page.getByRole("heading", { level: 1, name: /Terms of Service/ })).toBeVisible();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
  } finally {
    writeFileSync(SW_FILE, original);
  }
});

test("while a new version waits the old one serves offline, and accepting it keeps the art and sound caches", async ({ page, context }) => {
  await page.goto("/terms");
  await untilWorkerControls(page);
  // A picture and a sound the player has (as the warm-up would fetch them): through the worker into its caches.
  expect(await fetchOk(page, ART)).toBe(true);
  expect(await fetchOk(page, SOUND)).toBe(true);
  await expect.poll(() => assetsCached(page)).toBe(true);

  const original = readFileSync(SW_FILE, "utf8");
  try {
    writeFileSync(SW_FILE, `${original}\n// next version ${Date.now()}\n`);
    await page.reload();
    const prompt = page.getByRole("alertdialog");
    await expect(prompt).toContainText(MSG.updateAvailable, { timeout: 20_000 });
    const before = await workers(page);
    expect(before.waiting).toBe(true);

    // The player does not accept yet and loses the network: the running version still serves
    // the game, its pictures, and still offers the update.
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: /Terms of Service/ })).toBeVisible();
    expect(await fetchOk(page, ART)).toBe(true);
    await expect(page.getByRole("alertdialog")).toContainText(MSG.updateAvailable, { timeout: 20_000 });
    expect(await workers(page)).toEqual(before);

    // Back online, the player accepts: the new version takes over and the art and sound are still there.
    await context.setOffline(false);
    await Promise.all([page.waitForEvent("framenavigated"), page.getByRole("alertdialog").getByRole("button", { name: "Reload" }).click()]);
    await expect(page.getByRole("heading", { level: 1, name: /Terms of Service/ })).toBeVisible();
    await expect.poll(async () => (await workers(page)).waiting).toBe(false);
    expect(await assetsCached(page)).toBe(true);
    const names = await page.evaluate(() => caches.keys());
    expect(names).toEqual(expect.arrayContaining(["foilbound-art", "foilbound-sounds"]));
    expect(names.filter((n) => n.includes("precache")).length).toBe(1);

    // And offline under the new version, the game, the picture and the sound are served.
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: /Terms of Service/ })).toBeVisible();
    expect(await fetchOk(page, ART)).toBe(true);
    expect(await fetchOk(page, SOUND)).toBe(true);
  } finally {
    await context.setOffline(false);
    writeFileSync(SW_FILE, original);
  }
});
