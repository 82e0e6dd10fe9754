import { expect, test } from "@playwright/test";
import { MSG } from "@contract/messages";
import { expectAccessible } from "./support/game";

test("terms and privacy pages render without signing in, with a way back to the game", async ({ page }) => {
  await page.goto("/terms");
  await expect(page.getByRole("heading", { level: 1, name: /Terms of Service/ })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
  await expectAccessible(page, "terms page");

  await page.goto("/privacy");
  await expect(page.getByRole("heading", { level: 1, name: /Privacy Policy/ })).toBeVisible();
  await page.getByRole("link", { name: "Back to Game" }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "CONTENT WARNING" })).toBeVisible();
});

test.describe("legal text failures", () => {
  // The service worker would answer these requests itself; block it so the routes below apply.
  test.use({ serviceWorkers: "block" });

  test("a missing text says 'Content not available.'", async ({ page }) => {
    await page.route("**/terms-of-service.md", (route) => route.fulfill({ status: 404, body: "Not found" }));
    await page.goto("/terms");
    await expect(page.getByText(MSG.contentNotAvailable)).toBeVisible();
  });

  test("a network failure says 'Error loading content.'", async ({ page }) => {
    await page.route("**/privacy-policy.md", (route) => route.abort("internetdisconnected"));
    await page.goto("/privacy");
    await expect(page.getByText(MSG.errorLoadingContent)).toBeVisible();
  });
});

test("a path the game does not have reads as a 404, not as an application error", async ({ page }) => {
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { name: MSG.pageNotFoundTitle })).toBeVisible();
  await expect(page.getByText(MSG.pageNotFound)).toBeVisible();
  await expect(page.getByText(MSG.unexpectedError)).toHaveCount(0);
  await page.getByRole("link", { name: "Back to Game" }).click();
  await expect(page.getByRole("heading", { name: "CONTENT WARNING" })).toBeVisible();
});
