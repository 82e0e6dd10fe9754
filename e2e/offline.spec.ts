import { expect, test } from "@playwright/test";
import { MSG } from "@contract/messages";
import { expectShell, signUp, uniqueName, untilWorkerControls } from "./support/game";

// About the service worker, which the config blocks everywhere else.
test.use({ serviceWorkers: "allow" });

test("a signed-in player still gets the game after the network goes away", async ({ page, context }) => {
  await signUp(page, uniqueName("offline"));

  await untilWorkerControls(page);
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

test("a connection lost before the update check's code has loaded leaves the game on screen; the next load brings the service worker", async ({ page }) => {
  // On a first visit nothing is stored yet: the chunk that registers the service worker (loaded a
  // few seconds after the first screen) fails as it would with the network gone.
  const chunk = /\/assets\/UpdatePrompt-[^/]*\.(js|css)$/;
  await page.route(chunk, (route) => route.abort("internetdisconnected"));
  // The page reports the failed import once whatever caught it has drawn its answer.
  const reported = page.waitForEvent("console", { predicate: (message) => message.text().includes("UpdatePrompt"), timeout: 20_000 });
  await signUp(page, uniqueName("early"));
  await reported;
  await expectShell(page);
  await expect(page.getByText("Unexpected Application Error!")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Card Packs" })).toBeVisible();

  await page.unroute(chunk);
  await page.reload();
  await untilWorkerControls(page);
  await expectShell(page);
});
