import { expect, test, type Page } from "@playwright/test";
import { MSG } from "@contract/messages";
import { expectAccessible, signUp, uniqueName } from "./support/game";

// The Store of issue 6 in the browser, against the built-in test provider (RULES.md, Store):
// 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined.

const nav = (page: Page, name: string) => page.getByRole("navigation", { name: "Game" }).getByRole("link", { name });
const coins = (page: Page) => page.locator(".wallet__pill--coins .wallet__amount");
const gems = (page: Page) => page.locator(".wallet__pill--gems .wallet__amount");
const amountOf = async (locator: ReturnType<typeof coins>) => Number((await locator.textContent())!.replace(/,/g, ""));
const packageCard = (page: Page, name: string) => page.getByRole("list", { name: "Packages" }).getByRole("listitem", { name });

async function openStore(page: Page) {
  await nav(page, "Store").click();
  await expect(page.getByRole("heading", { level: 1, name: "Game Store" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Packages" }).getByRole("listitem")).toHaveCount(6);
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry").fill("12/39");
  await page.getByLabel("CVC").fill("123");
}

async function openHistory(page: Page) {
  const toggle = page.getByRole("button", { name: /Purchase History/ });
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
}

test("a new player buys the Coin Chest with the test card and sees it credited and in the history", async ({ page }) => {
  await signUp(page, uniqueName("buyer"));
  await openStore(page);

  const chest = packageCard(page, "Coin Chest");
  await expect(chest.getByText("MOST POPULAR")).toBeVisible();
  await expect(chest.getByText("20% Bonus")).toBeVisible();
  await expect(chest.getByTestId("package-amount")).toHaveText(/^100\+20coins$/);
  await expect(chest.getByText("$9.99")).toBeVisible();
  await expect(packageCard(page, "Coin Pouch").getByTestId("package-amount")).toHaveText(/^10coins$/);
  await expect(page.getByText("You must be 18 or older to make purchases.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Why Buy Coins & Gems" })).toBeVisible();
  await expectAccessible(page, "store");

  const before = await amountOf(coins(page));
  await chest.getByRole("button", { name: /Purchase/ }).click();
  await expect(page.getByRole("heading", { name: "Complete Your Purchase" })).toBeVisible();
  await expect(page.getByRole("note", { name: "Test store" })).toContainText("4242 4242 4242 4242");
  const pay = page.getByRole("button", { name: "Pay $9.99" });
  await expect(pay).toBeDisabled();
  await expect(page.getByText(MSG.termsRequiredForPurchase)).toBeVisible();
  const form = page.getByRole("form", { name: "Complete Your Purchase" });
  await expect(form.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
  await expect(form.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");

  // A test card button fills the number.
  await page.getByRole("button", { name: /Use test card 4242 4242 4242 4242/ }).click();
  await expect(page.getByLabel("Card number")).toHaveValue("4242 4242 4242 4242");
  await fillCard(page, "4242424242424242");
  await expect(page.getByLabel("Card number")).toHaveValue("4242 4242 4242 4242");
  await page.getByRole("checkbox", { name: /I agree to the Terms of Service and Privacy Policy/ }).check();
  await expect(pay).toBeEnabled();
  await expectAccessible(page, "store payment");
  await pay.click();

  const success = page.getByRole("region", { name: "Purchase Successful" });
  await expect(success).toBeVisible();
  await expect(success).toContainText("Coin Chest");
  await expect(success).toContainText("+120");
  await expect(success).toContainText("$9.99");
  await expect(coins(page)).toHaveText(String(before + 120));
  await expectAccessible(page, "store success");

  await openHistory(page);
  const rows = page.getByTestId("purchase-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Coin Chest");
  await expect(rows.first()).toContainText("$9.99");
  await expect(rows.first()).toContainText("+120");
  await expect(rows.first().getByText("Completed", { exact: true })).toHaveClass(/store-status--completed/);
  await expect(page.getByRole("button", { name: /Purchase History/ })).toContainText("1");

  // The server agrees after a reload.
  await page.reload();
  await expect(coins(page)).toHaveText(String(before + 120));
});

test("a declined card shows the error and credits nothing; another card then pays @phone", async ({ page }) => {
  await signUp(page, uniqueName("declined"));
  await openStore(page);
  const coinsBefore = await amountOf(coins(page));
  const gemsBefore = await amountOf(gems(page));

  await packageCard(page, "Gem Shard").getByRole("button", { name: /Purchase/ }).click();
  await expect(page.getByRole("heading", { name: "Complete Your Purchase" })).toBeVisible();
  await fillCard(page, "4000 0000 0000 0002");
  await page.getByRole("checkbox", { name: /I agree/ }).check();
  await page.getByRole("button", { name: "Pay $1.99" }).click();
  await expect(page.getByRole("alert").filter({ hasText: MSG.testCardDeclined })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Complete Your Purchase" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay $1.99" })).toBeEnabled();

  // Nothing credited, here or on the server.
  const user = await (await page.request.get("/api/user")).json();
  expect([user.coins, user.gems]).toEqual([coinsBefore, gemsBefore]);
  await expect(gems(page)).toHaveText(String(gemsBefore));
  await expect(coins(page)).toHaveText(String(coinsBefore));
  await expectAccessible(page, "store decline");

  // An empty card number is caught before any call.
  await page.getByLabel("Card number").fill("");
  await page.getByRole("button", { name: "Pay $1.99" }).click();
  await expect(page.getByRole("alert").filter({ hasText: MSG.cardInfoNotFound })).toBeVisible();

  // The declined intent is spent; paying again with the good card uses a new one.
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "Pay $1.99" }).click();
  await expect(page.getByRole("region", { name: "Purchase Successful" })).toContainText("Gem Shard");
  await expect(gems(page)).toHaveText(String(gemsBefore + 5));

  await openHistory(page);
  const rows = page.getByTestId("purchase-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "Failed" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "Completed" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "Failed" }).getByText("Failed", { exact: true })).toHaveClass(/store-status--failed/);
  await expect(rows.first()).toContainText("$1.99");

  // Back to the packages from the success screen.
  await page.getByRole("button", { name: "Back to Packages" }).click();
  await expect(packageCard(page, "Gem Shard")).toBeVisible();
});
