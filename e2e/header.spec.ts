import { expect, test, type Page } from "@playwright/test";
import { MSG } from "@contract/messages";
import { expectShell, headerButton, signUp, uniqueName } from "./support/game";

// Issue 13, phone first: one header row that holds the largest balances and rank, the icon
// buttons in the avatar's menu, and a log out that asks once.

/** Every answer that carries the player shows 9,999 coins and gems; the rank is #99,999. */
async function withBigNumbers(page: Page): Promise<void> {
  const big = (body: { user?: object; coins?: number }) => ("coins" in body ? { ...body, coins: 9999, gems: 9999 } : body.user ? { ...body, user: { ...body.user, coins: 9999, gems: 9999 } } : body);
  await page.route(/\/api\/(user|auth)$/, async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, json: big(await res.json()) });
  });
  await page.route("**/api/user/rank", (route) => route.fulfill({ json: { rank: 99999 } }));
}

test("on a phone the header is one row that fits the largest numbers, with the buttons in a menu @phone", async ({ page }) => {
  await withBigNumbers(page);
  await signUp(page, uniqueName("hdr"));
  const header = page.locator(".hud__inner");
  await expect(header.getByText("9,999", { exact: true })).toHaveCount(2);
  await expect(page.getByTestId("header-rank")).toHaveText("#99,999");

  // One row: nothing overflows the 390 px screen and nothing overlaps the menu button.
  const box = (await header.boundingBox())!;
  expect(box.height).toBeLessThan(70);
  const toggle = page.getByRole("button", { name: new RegExp(`^${MSG.menuLabel},`) });
  const rank = (await page.getByTestId("header-rank").boundingBox())!;
  const menu = (await toggle.boundingBox())!;
  expect(rank.x + rank.width).toBeLessThanOrEqual(menu.x);
  expect(menu.x + menu.width).toBeLessThanOrEqual(390);

  // The icon buttons wait in the menu.
  await expect(page.getByRole("button", { name: "Global Chat" })).toBeHidden();
  await toggle.click();
  for (const name of ["Global Chat", "Support & Feedback", "Mute sound effects", "Mute music", "Log out", /Account Settings/]) {
    await expect(page.getByRole("button", { name })).toBeVisible();
  }
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "Global Chat" })).toBeHidden();
});

test("log out asks once: Cancel keeps the player signed in", async ({ page }) => {
  await signUp(page, uniqueName("bye"));
  await (await headerButton(page, "Log out")).click();
  const confirm = page.getByRole("dialog", { name: MSG.logoutConfirmTitle });
  await expect(confirm.getByText(MSG.logoutConfirmBody)).toBeVisible();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await page.reload();
  await expectShell(page);

  await (await headerButton(page, "Log out")).click();
  await confirm.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("button", { name: "Begin Adventure" })).toBeVisible();
});

test("a device clock 40 minutes fast still counts the next coin by the server's clock, without asking for the user again and again", async ({ page }) => {
  await page.clock.install({ time: new Date(Date.now() + 40 * 60_000) });
  const userReads: number[] = [];
  page.on("request", (req) => {
    if (req.method() === "GET" && new URL(req.url()).pathname === "/api/user") userReads.push(Date.now());
  });
  await signUp(page, uniqueName("clock"));
  // A new player's next coin is 30 minutes away by the server (the device thinks it is overdue).
  const timer = page.locator(".wallet__pill--coins .wallet__timer");
  await expect(timer).toHaveText(/^(30|29)m/, { timeout: 15_000 });
  const before = userReads.length;
  await page.clock.runFor(12_000);
  await page.waitForTimeout(500); // requests the timers made are reported
  // An overdue coin would refresh the user data every 5 s (SPEC.md section 4's throttle).
  expect(userReads.length - before).toBeLessThanOrEqual(1);
  await expect(timer).toHaveText(/^(30|29)m/);
});
