import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { MSG } from "@contract/messages";
import { headerButton, signUp, uniqueName, untilWorkerControls } from "./support/game";

// About the service worker, which the config blocks everywhere else.
test.use({ serviceWorkers: "allow" });

// Issue 12, item 2 for trading, battle, store and chat: offline, each says what still works, nothing
// hangs on "Loading", nothing fails loudly, and what needs the server is disabled. Back online, the
// same page loads everything by itself. Offline is tested by loading pages the service worker
// controls (context.setOffline does not cover the worker's own fetches).

const STORE_NOTE = /^Purchases need a connection: the store opens again when you are back online\. Your balance: [\d,]+ coins and [\d,]+ gems\.$/;
const packages = (page: Page) => page.getByRole("list", { name: "Packages" }).getByRole("listitem");

async function signUpWithCards(page: Page): Promise<void> {
  await signUp(page, uniqueName("offscr"));
  const res = await page.request.post("/api/open-pack", { data: { set: 1 } });
  expect(res.status()).toBe(200);
}

/** The worker controls the page and the device's copy of the player (offline/playerSync.ts) is saved. */
async function untilWorkerControlsAndSynced(page: Page): Promise<void> {
  await untilWorkerControls(page);
  await expect(page.locator("html")).toHaveAttribute("data-offline-synced", /Z$/, { timeout: 30_000 });
}

/** Nothing waits forever and nothing failed out loud. Call once the screen's note is showing. */
async function expectNothingHangsOrFails(page: Page): Promise<void> {
  await expect(page.getByText(/Loading|Checking today's rewards/)).toHaveCount(0);
  await expect(page.getByText(/Failed/)).toHaveCount(0);
  await expect(page.getByRole("alert")).toHaveCount(0);
}

async function openChat(page: Page) {
  await (await headerButton(page, "Global Chat")).click();
  const dialog = page.getByRole("dialog", { name: "Global Chat" });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Offline, reload each route (served by the worker) and check its offline state. */
async function reloadEachRouteOffline(page: Page, context: BrowserContext, draft: string): Promise<void> {
  await context.setOffline(true);

  await page.goto("/trading");
  await expect(page.getByText(MSG.tradeOffline)).toBeVisible();
  await expect(page.getByText(MSG.offlineNotLoaded)).toBeVisible();
  await expectNothingHangsOrFails(page);
  await page.getByRole("tab", { name: /Received Offers/ }).click();
  await expect(page.getByText(MSG.offlineNotLoaded)).toBeVisible();
  await expectNothingHangsOrFails(page);

  await page.goto("/battle");
  await expect(page.getByText(MSG.battleOffline)).toBeVisible();
  await expect(page.getByRole("button", { name: "Find Battle" })).toBeDisabled();
  // Champions were never loaded in this page: the device's copy from the last sync, marked as such.
  const champions = page.getByRole("region", { name: "Your Champions" });
  await expect(champions.getByText(MSG.offlineLastSeen)).toBeVisible();
  await expect(champions.getByRole("listitem").first()).toBeVisible();
  await expect(page.getByText(MSG.battleNoChampions)).toHaveCount(0);
  await expectNothingHangsOrFails(page);

  await page.goto("/store");
  await expect(page.getByText(STORE_NOTE)).toBeVisible();
  await expect(page.getByText(MSG.paymentsUnavailable)).toHaveCount(0);
  await expectNothingHangsOrFails(page);

  const chat = await openChat(page);
  await expect(chat.getByText(MSG.chatOffline)).toBeVisible();
  await chat.getByRole("textbox", { name: "Message" }).fill(draft);
  await expect(chat.getByRole("button", { name: "Send" })).toBeDisabled();
  await expectNothingHangsOrFails(page);
}

test("offline after a reload, trading, battle, store and chat say what still works; back online they load without a reload", async ({ page, context }) => {
  test.setTimeout(120_000);
  await signUpWithCards(page);
  await untilWorkerControlsAndSynced(page);

  // The global chat keeps earlier runs' messages on a reused server: this run's own text.
  const draft = `hello from the tunnel ${uniqueName("t")}`;
  await reloadEachRouteOffline(page, context, draft);

  // Back online in the same page (the chat dialog still open on the store): everything loads.
  await context.setOffline(false);
  const chat = page.getByRole("dialog", { name: "Global Chat" });
  await expect(chat.getByText(MSG.chatOffline)).toBeHidden();
  await expect(chat.getByRole("button", { name: "Send" })).toBeEnabled();
  await chat.getByRole("button", { name: "Send" }).click();
  await expect(chat.getByRole("list", { name: "Messages" }).getByText(draft)).toBeVisible();
  await chat.getByRole("button", { name: "Close" }).click();

  await expect(page.getByText(STORE_NOTE)).toBeHidden();
  await expect(packages(page)).toHaveCount(6);
  await expect(packages(page).first().getByRole("button", { name: /Purchase/ })).toBeEnabled();
  await expect(page.getByText(MSG.offlineNotLoaded)).toHaveCount(0);
});

test("on a phone, the screens offline after a reload and back online @phone", async ({ page, context }) => {
  test.setTimeout(120_000);
  await signUpWithCards(page);
  await untilWorkerControlsAndSynced(page);

  await reloadEachRouteOffline(page, context, "hello from the tunnel");
  await page.getByRole("dialog", { name: "Global Chat" }).getByRole("button", { name: "Close" }).click();

  // Back online on the arena, reached in the page: champions and Find Battle come back.
  await page.getByRole("navigation", { name: "Game" }).getByRole("link", { name: "Battle" }).click();
  await expect(page.getByText(MSG.battleOffline)).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText(MSG.battleOffline)).toBeHidden();
  await expect(page.getByRole("button", { name: "Find Battle" })).toBeEnabled();
  await expect(page.getByRole("region", { name: "Your Champions" }).getByRole("listitem").first()).toBeVisible();
  await expect(page.getByText(MSG.offlineNotLoaded)).toHaveCount(0);
});

test("data loaded before the connection drops stays readable, marked as last seen, with its actions disabled", async ({ page, context }) => {
  test.setTimeout(120_000);
  await signUpWithCards(page);
  // The global chat keeps earlier runs' messages on a reused server: this run's own text.
  const said = `said while online ${uniqueName("m")}`;
  const nav = page.getByRole("navigation", { name: "Game" });
  await nav.getByRole("link", { name: "Store" }).click();
  await expect(packages(page)).toHaveCount(6);
  await nav.getByRole("link", { name: "Battle" }).click();
  const champions = page.getByRole("region", { name: "Your Champions" });
  await expect(champions.getByRole("listitem").first()).toBeVisible();

  const chat = await openChat(page);
  await chat.getByRole("textbox", { name: "Message" }).fill(said);
  await chat.getByRole("button", { name: "Send" }).click();
  const messages = chat.getByRole("list", { name: "Messages" });
  await expect(messages.getByText(said)).toBeVisible();

  await context.setOffline(true);
  await expect(chat.getByText(MSG.chatOffline)).toBeVisible();
  await expect(messages.getByText(said)).toBeVisible();
  await expect(chat.getByText(MSG.offlineLastSeen)).toBeVisible();
  await chat.getByRole("textbox", { name: "Message" }).fill("said offline");
  await expect(chat.getByRole("button", { name: "Send" })).toBeDisabled();
  await chat.getByRole("button", { name: "Close" }).click();

  await expect(page.getByText(MSG.battleOffline)).toBeVisible();
  await expect(champions.getByText(MSG.offlineLastSeen)).toBeVisible();
  await expect(champions.getByRole("listitem").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Find Battle" })).toBeDisabled();
  await expectNothingHangsOrFails(page);

  // The packages seen online stay on show, marked, and none can be bought.
  await nav.getByRole("link", { name: "Store" }).click();
  await expect(page.getByText(STORE_NOTE)).toBeVisible();
  // The first is the packages'; the collapsed purchase history has its own.
  await expect(page.getByText(MSG.offlineLastSeen).first()).toBeVisible();
  await expect(packages(page)).toHaveCount(6);
  for (const button of await packages(page).getByRole("button", { name: /Purchase/ }).all()) await expect(button).toBeDisabled();
  await expectNothingHangsOrFails(page);

  await nav.getByRole("link", { name: "Battle" }).click();
  await context.setOffline(false);
  await expect(page.getByText(MSG.battleOffline)).toBeHidden();
  await expect(champions.getByText(MSG.offlineLastSeen)).toBeHidden();
  await expect(page.getByRole("button", { name: "Find Battle" })).toBeEnabled();
});

// Queries pause while the browser reports no network; the legal texts come from the worker's cache,
// so they are still asked for offline.
test("a legal text read once online opens offline from the worker's cache, not an endless Loading", async ({ page, context }) => {
  await signUp(page, uniqueName("offlegal"));
  await untilWorkerControlsAndSynced(page);
  await page.goto("/terms");
  await expect(page.getByRole("heading", { level: 1, name: "Foilbound Terms of Service" })).toBeVisible();

  await page.goto("/");
  await context.setOffline(true);
  await page.reload();
  await page.getByRole("link", { name: "Terms of Service" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Foilbound Terms of Service" })).toBeVisible();
  await expect(page.getByText(/Loading/)).toHaveCount(0);
});
