import { expect, test, type Page } from "@playwright/test";
import { MSG } from "@contract/messages";
import { expectAccessible, expectOfflineCopy, expectShell, signUp, uniqueName, untilWorkerControls } from "./support/game";

// The collection screen of SPEC.md section 2 and its offline copy (issue 3).

const nav = (page: Page, name: string) => page.getByRole("navigation", { name: "Game" }).getByRole("link", { name });
const showing = (page: Page) => page.getByText(/^Showing [\d,]+ of [\d,]+ cards$/);

/** Opens packs through the API with the page's own session, as the packs screen would. */
async function openPacks(page: Page, packs: number): Promise<Array<{ id: number; points: number; character: string }>> {
  const cards = [];
  for (let i = 0; i < packs; i++) {
    const res = await page.request.post("/api/open-pack", { data: { set: 1 }, headers: { Origin: new URL(page.url()).origin } });
    expect(res.status()).toBe(200);
    cards.push(...(await res.json()).cards);
  }
  return cards;
}

test("a new player sees the empty binder, then the cards they pulled with points, progress and filters", async ({ page }) => {
  await signUp(page, uniqueName("binder"));
  await nav(page, "Collection").click();
  await expect(page.getByRole("heading", { level: 1, name: "Your Collection" })).toBeVisible();
  // Nothing collected yet: the empty state, every catalogue entry missing, 0% everywhere.
  await expect(page.getByRole("heading", { name: MSG.collectionEmptyTitle })).toBeVisible();
  await expect(page.getByText(MSG.collectionEmptyHint)).toBeVisible();
  await expect(showing(page)).toHaveText("Showing 128 of 128 cards");
  await expect(page.getByText("Velvet Night: 0/12 • 0%")).toBeVisible();
  await expect(page.getByTestId("collection-rank")).toHaveText("--");

  const cards = await openPacks(page, 3);
  await page.reload();
  await expectShell(page);
  const total = cards.reduce((sum, c) => sum + c.points, 0);
  await expect(page.getByTestId("collection-points")).toHaveText(total.toLocaleString("en-US"));
  await expect(page.getByTestId("collection-rank")).toHaveText(/^#\d+$/);
  await expect(page.getByRole("heading", { name: MSG.collectionEmptyTitle })).toBeHidden();
  const kinds = new Set(cards.map((c) => c.character)).size;
  await expect(page.getByText(/^Velvet Night: [1-9]\d*\/12 • \d+%$/)).toBeVisible();

  // Collected only: the owned kinds, with 'xN' on duplicates.
  await page.getByRole("group", { name: "Show" }).getByRole("button", { name: "Collected" }).click();
  const owned = page.locator(".binder-card[data-owned='true']");
  await expect(owned.first()).toBeVisible();
  expect(await owned.count()).toBeGreaterThanOrEqual(kinds);
  await expect(showing(page)).toHaveText(new RegExp(`^Showing ${await owned.count()} of `));
  // Missing only: faded entries, none owned.
  await page.getByRole("group", { name: "Show" }).getByRole("button", { name: "Missing" }).click();
  await expect(page.locator(".binder-card.is-missing").first()).toBeVisible();
  await expect(owned).toHaveCount(0);

  // The set filter offers only sets the player owns.
  const setFilter = page.getByRole("combobox", { name: "Set" });
  await expect(setFilter.locator("option")).toHaveText(["All Sets", "1 Velvet Night"]);

  // Grid size is remembered.
  await page.getByRole("button", { name: "Grid size 5" }).click();
  await page.reload();
  await expect(page.getByRole("button", { name: "Grid size 5" })).toHaveAttribute("aria-pressed", "true");
  await expectAccessible(page, "collection");

  // Tapping a card opens the inspector with its facts.
  await page.getByRole("group", { name: "Show" }).getByRole("button", { name: "Collected" }).click();
  await owned.first().click();
  const inspector = page.getByRole("dialog");
  await expect(inspector.getByText("Points")).toBeVisible();
  await expect(inspector.getByText(/^x\d+$/)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(inspector).toBeHidden();
});

test.describe("offline", () => {
  // Needs the service worker, which the config blocks by default.
  test.use({ serviceWorkers: "allow" });

  test("cards from a revealed pack land in the collection, and it stays readable offline", async ({ page, context }) => {
    await signUp(page, uniqueName("offline"));
    await untilWorkerControls(page);

    // One pack through the packs screen and its reveal, one more through the API.
    await page.getByRole("button", { name: /^Open Velvet Night pack/ }).click();
    const reveal = page.getByRole("dialog", { name: "Velvet Night Pack Opened!" });
    await expect(reveal.getByTestId("revealed-card")).toHaveCount(3);
    const revealed = await reveal.getByTestId("revealed-card").allTextContents();
    const fromReveal = revealed.map((text) => Number(/([\d,]+) points/.exec(text)?.[1]?.replace(/,/g, "")));
    await reveal.getByRole("button", { name: "Awesome!" }).click();
    await nav(page, "Collection").click();
    await expect(page.getByTestId("collection-points")).toHaveText(fromReveal.reduce((a, b) => a + b, 0).toLocaleString("en-US"));
    await expect(page.getByText("3 cards", { exact: true })).toBeVisible();

    const cards = await openPacks(page, 1);
    await page.reload();
    await expectShell(page);
    const total = (cards.reduce((sum, c) => sum + c.points, 0) + fromReveal.reduce((a, b) => a + b, 0)).toLocaleString("en-US");
    await expect(page.getByTestId("collection-points")).toHaveText(total);
    await expect(page.locator(".binder-card[data-owned='true']").first()).toBeVisible();
    await expectOfflineCopy(page, 6);

    await context.setOffline(true);
    await page.reload();
    await expectShell(page);
    await expect(page.getByText(/^You are offline\. Showing your collection as last synced/)).toBeVisible();
    await expect(page.getByTestId("collection-points")).toHaveText(total);
    await expect(page.locator(".binder-card[data-owned='true']").first()).toBeVisible();
    await context.setOffline(false);
  });
});

test("the binder puts only the rows on screen in the page", async ({ page }) => {
  await signUp(page, uniqueName("hoard"));
  await page.request.post("/api/open-pack", { data: { set: 1 }, headers: { Origin: new URL(page.url()).origin } });
  await nav(page, "Collection").click();
  await page.getByRole("button", { name: "Grid size 1" }).click();
  await expect(showing(page)).toHaveText(/of 128 cards/);
  // All 128 binder slots exist as data, but far fewer are in the DOM at grid size 1.
  const inDom = await page.locator(".binder-card").count();
  expect(inDom).toBeLessThan(128);
  await page.mouse.wheel(0, 20_000);
  await expect(page.locator(".binder-card").last()).toBeVisible();
  expect(await page.locator(".binder-card").count()).toBeLessThan(128);
});
