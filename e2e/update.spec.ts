import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { MSG } from "@contract/messages";

// A new deployment is simulated by changing the built service worker: the browser then installs it
// beside the running one and the game offers a reload. Runs in its own project, after all others,
// because it touches the build that the server is serving.
const SW_FILE = path.join(import.meta.dirname, "../dist/pwa/sw.js");

test("a waiting new version is offered as a reload", async ({ page }) => {
  await page.goto("/terms");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
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
