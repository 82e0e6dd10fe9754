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
