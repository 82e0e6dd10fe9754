import { expect, test } from "./support/test";
import { MSG } from "@contract/messages";
import { expectShell, holdOpenPack, openSettings, signUp, uniqueName, withoutWebGL } from "./support/game";

// Issue 16, players in control: ten packs in one tap (RULES.md, Bulk open) on a phone through the
// reveal and Skip, and a monthly spending limit the store and the server keep (RULES.md).

test("a phone player opens 10 packs at once: thirty cards best first, Skip shows them all @phone", async ({ page }) => {
  await withoutWebGL(page);
  await signUp(page, uniqueName("bulk"));
  await expectShell(page);
  // A new player's 10 coins pay ten Velvet Night packs; a 3-coin set's "Open 10" says what is missing.
  const open10 = page.getByRole("button", { name: "Open 10 Velvet Night packs for 10 coins" });
  await expect(open10).toBeVisible();
  const cowgirl10 = page.getByRole("button", { name: "Open 10 Cowgirl packs for 30 coins" });
  await expect(cowgirl10).toBeDisabled();
  await expect(cowgirl10).toHaveAccessibleDescription(MSG.needMore(20, "coins"));
  // The answer is held until Skip is pressed: on a slow machine the turns could end first.
  const held = await holdOpenPack(page);
  await open10.click();

  const reveal = page.getByRole("dialog", { name: "10 Velvet Night Packs Opened!" });
  await expect(reveal).toBeVisible();
  await expect(reveal.locator(".fx-card")).toHaveCount(30);
  await held.requested;
  await reveal.getByRole("button", { name: /Skip/ }).click();
  held.release();
  await expect(reveal.getByTestId("revealed-card")).toHaveCount(30);
  await expect(reveal.getByRole("button", { name: "Awesome!" })).toBeVisible();
  // Best first: the points never rise along the grid.
  const points = (await reveal.getByTestId("revealed-card").allTextContents()).map((t) => Number(/([\d,]+) points/.exec(t)![1]!.replace(/,/g, "")));
  expect(points).toEqual([...points].sort((a, b) => b - a));
  // Ten coins spent: no "Open 10 More" on an empty purse.
  await expect(reveal.getByRole("button", { name: "Open 10 More" })).toHaveCount(0);
  await reveal.getByRole("button", { name: "Awesome!" }).click();
  await expect(page.locator(".pack-card--set1 .pack-card__opened")).toHaveText("Opened 10×");
  // Ten coins spent: Velvet Night's own Open 10 now says what it needs.
  await expect(open10).toBeDisabled();
  await expect(page.locator(".pack-card--set1").getByText("Need 10 more coins")).toBeVisible();
  const history = await page.request.get("/api/pulls?limit=100");
  expect((await history.json()).pulls.map((p: { nonce: number }) => p.nonce).sort((a: number, b: number) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
});

test("a player sets a monthly spending limit and the store greys what would pass it", async ({ page }) => {
  await signUp(page, uniqueName("limit"));
  const settings = await openSettings(page);
  await expect(settings.getByTestId("spent-this-month")).toHaveText(MSG.spendingLimitSpent("$0", null));
  const field = settings.getByLabel("Monthly limit in dollars");
  await field.fill("2.5");
  await settings.getByRole("button", { name: "Save limit" }).click();
  await expect(settings.getByText(MSG.spendingLimitInvalid)).toBeVisible();
  await field.fill("5");
  await settings.getByRole("button", { name: "Save limit" }).click();
  await expect(settings.getByTestId("spent-this-month")).toHaveText(MSG.spendingLimitSpent("$0", "$5"));
  // Raising waits 24 hours, and says so.
  await field.fill("50");
  await settings.getByRole("button", { name: "Save limit" }).click();
  await expect(settings.getByTestId("limit-pending")).toContainText("Your limit changes to $50 on");
  await page.keyboard.press("Escape");

  await page.getByRole("navigation", { name: "Game" }).getByRole("link", { name: "Store" }).click();
  await expect(page.getByTestId("store-spent")).toHaveText(MSG.spendingLimitSpent("$0", "$5"));
  const chest = page.getByRole("listitem", { name: "Coin Chest" });
  await expect(chest.getByRole("button", { name: "Purchase Coin Chest" })).toBeDisabled();
  await expect(chest.getByTestId("package-limit")).toHaveText(MSG.spendingLimitPassed("$5"));
  const sack = page.getByRole("listitem", { name: "Coin Sack" });
  await expect(sack.getByRole("button", { name: "Purchase Coin Sack" })).toBeEnabled();
  // The server refuses it too, whatever the page shows.
  const res = await page.request.post("/api/create-payment-intent", { data: { packageId: "coins-large" }, headers: { Origin: new URL(page.url()).origin } });
  expect(res.status()).toBe(400);
  expect((await res.json()).error).toBe(MSG.spendingLimitPassed("$5"));
});

test("sharing a card from the inspector makes a PNG of it, downloaded where the browser cannot share files", async ({ page }) => {
  // This browser offers no Web Share with files: the picture is downloaded instead.
  await page.addInitScript(() => {
    Object.defineProperty(navigator, "canShare", { value: undefined, configurable: true });
    Object.defineProperty(navigator, "share", { value: undefined, configurable: true });
  });
  await signUp(page, uniqueName("share"));
  const res = await page.request.post("/api/open-pack", { data: { set: 1 }, headers: { Origin: new URL(page.url()).origin } });
  expect(res.status()).toBe(200);
  await page.goto("/collection");
  await page.locator(".binder-card[data-owned='true']").first().click();
  const inspector = page.getByRole("dialog");
  const [download] = await Promise.all([page.waitForEvent("download"), inspector.getByRole("button", { name: "Share" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^foilbound-[a-z]+-[a-z]+-velvet-night-\d+\.png$/);
  const bytes = Buffer.concat(await (await download.createReadStream()).toArray());
  expect(bytes.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a"); // a PNG
  expect(bytes.length).toBeGreaterThan(50_000); // the art is in it, not an empty canvas
});
