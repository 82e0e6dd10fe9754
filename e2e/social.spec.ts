import { expect, test, type Page } from "@playwright/test";
import { MSG } from "@contract/messages";
import { expectAccessible, signUp, uniqueName } from "./support/game";

// Issue 4 in the browser: rewards, the leaderboard and header rank, chat between two players,
// and the support dialog.

const nav = (page: Page, name: string) => page.getByRole("navigation", { name: "Game" }).getByRole("link", { name });
const coins = (page: Page) => page.locator(".wallet__pill--coins .wallet__amount");
const origin = (page: Page) => ({ Origin: new URL(page.url()).origin });

test("a new player claims the daily login reward once", async ({ page }) => {
  await signUp(page, uniqueName("claim"));
  // The login reward is ready: the Rewards item carries a badge.
  await expect(nav(page, "Rewards")).toContainText("1");
  await nav(page, "Rewards").click();
  await expect(page.getByRole("heading", { name: "Daily Rewards" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Weekly Rewards" })).toBeVisible();
  await expect(page.getByTestId("daily-reset")).toHaveText(/^Reset: \d+h \d+m$/);
  await expect(page.getByTestId("weekly-reset")).toHaveText(/^Reset: (\d+d \d+h|\d+h \d+m)$/);
  await expectAccessible(page, "rewards");

  const login = page.getByRole("listitem", { name: "Daily Login" });
  const packs = page.getByRole("listitem", { name: "Open Packs" });
  await expect(packs.getByRole("button", { name: "Claim Reward" })).toBeDisabled();
  const before = Number(await coins(page).textContent());
  await login.getByRole("button", { name: "Claim Reward" }).click();
  await expect(login.getByRole("button", { name: "Claimed" })).toBeDisabled();
  await expect(coins(page)).toHaveText(String(before + 1));
  await expect(nav(page, "Rewards")).not.toContainText("1");

  // After a reload the server still says claimed.
  await page.reload();
  await expect(page.getByRole("listitem", { name: "Daily Login" }).getByRole("button", { name: "Claimed" })).toBeVisible();
});

test("the leaderboard shows the player with YOU, their rank in the header and their top cards", async ({ page }) => {
  const name = uniqueName("ranked");
  await signUp(page, name);
  await expect(page.getByTestId("header-rank")).toHaveText("--");
  const res = await page.request.post("/api/open-pack", { data: { set: 1 }, headers: origin(page) });
  expect(res.status()).toBe(200);
  await nav(page, "Rank").click();
  await expect(page.getByRole("heading", { level: 1, name: "Leaderboard" })).toBeVisible();
  await expect(page.getByText(/^\d+ players?$/)).toBeVisible();
  const mine = page.locator(".lb-row.is-mine");
  await expect(mine).toContainText(name);
  await expect(mine).toContainText("YOU");
  await expect(page.getByTestId("header-rank")).toHaveText(/^#\d+$/);
  const rankButton = page.getByRole("button", { name: /^Your rank: #\d+$/ });
  await expect(rankButton).toBeVisible();
  await rankButton.click();
  await expect(mine).toBeInViewport();
  await mine.getByText("Top 9 Cards").click();
  await expect(mine.locator(".lb-row__cards li")).not.toHaveCount(0);
  await expectAccessible(page, "leaderboard");
});

test("a chat message reaches a second player's dialog", async ({ browser }) => {
  const alice = await browser.newPage();
  const bob = await browser.newPage();
  await signUp(alice, uniqueName("alice"));
  await signUp(bob, uniqueName("bob"));
  const text = `Hello <b>there</b> ${Date.now()}`;

  await alice.getByRole("button", { name: "Global Chat" }).click();
  const aliceChat = alice.getByRole("dialog", { name: "Global Chat" });
  const input = aliceChat.getByRole("textbox", { name: "Message" });
  await input.fill("first line");
  await input.press("Shift+Enter");
  await expect(input).toHaveValue("first line\n");
  await input.fill(text);
  await input.press("Enter");
  await expect(input).toHaveValue("");
  await expect(aliceChat.getByText(text, { exact: true })).toBeVisible();

  await bob.getByRole("button", { name: "Global Chat" }).click();
  const bobChat = bob.getByRole("dialog", { name: "Global Chat" });
  // Shown as text, never as HTML.
  await expect(bobChat.getByText(text, { exact: true })).toBeVisible({ timeout: 12_000 });
  await expect(bobChat.locator("b")).toHaveCount(0);

  // Bob answers; Alice's open dialog picks it up within a poll.
  const reply = `Hi Alice ${Date.now()}`;
  await bobChat.getByRole("textbox", { name: "Message" }).fill(reply);
  await bobChat.getByRole("button", { name: "Send" }).click();
  await expect(aliceChat.getByText(reply, { exact: true })).toBeVisible({ timeout: 12_000 });
  await alice.close();
  await bob.close();
});

test("the support dialog checks both fields and copies the message for email", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signUp(page, uniqueName("support"));
  await page.getByRole("button", { name: "Support & Feedback" }).click();
  const dialog = page.getByRole("dialog", { name: "Support & Feedback" });
  await dialog.getByRole("textbox", { name: "Subject" }).fill("Pack art");
  await dialog.getByRole("button", { name: "Copy message for email" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(MSG.supportFillBoth);
  await dialog.getByRole("textbox", { name: "Message" }).fill("The holo shine is lovely.");
  await expect(dialog.getByText("25/1000")).toBeVisible();
  await dialog.getByRole("button", { name: "Copy message for email" }).click();
  await expect(page.getByText(/^Message copied to clipboard! Please email it to .+@.+$/)).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain("Pack art");
  expect(copied).toContain("The holo shine is lovely.");
});
