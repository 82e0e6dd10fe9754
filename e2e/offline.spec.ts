import { expect, test } from "@playwright/test";
import { MSG } from "@contract/messages";
import { expectShell, signUp, uniqueName } from "./support/game";

test("a signed-in player still gets the game after the network goes away", async ({ page, context }) => {
  await signUp(page, uniqueName("offline"));

  // The service worker installs on the first visit and controls the page from the next load.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expectShell(page);

  await context.setOffline(true);
  await page.reload();
  await expectShell(page);
  await expect(page.getByText(MSG.offline)).toBeVisible();

  // Views the player has not opened yet come from the precache too.
  await page.getByRole("navigation", { name: "Game" }).getByRole("link", { name: "Store" }).click();
  await expect(page.getByRole("heading", { name: "Game Store" })).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText(MSG.offline)).toBeHidden();
});
