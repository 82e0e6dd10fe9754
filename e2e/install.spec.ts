import { expect, test } from "./support/test";
import { type Page } from "@playwright/test";
import { MSG } from "@contract/messages";
import { expectAccessible, expectShell, openSettings, PASSWORD, signOut, signUp, submitLogin, uniqueName } from "./support/game";

// Issue 12, item 4: installing the game. Chromium offers installation with `beforeinstallprompt`;
// a test cannot make the real one appear, so it dispatches one with its own prompt() and
// userChoice, which is exactly what the game receives from the browser.

type InstallWindow = Window & { prompted?: number };

/** The browser's install offer, as Chromium hands it to the page; prompt() is counted on window. */
async function offerInstall(page: Page, outcome: "accepted" | "dismissed"): Promise<boolean> {
  return page.evaluate((answer) => {
    const w = window as InstallWindow;
    w.prompted = 0;
    const event = new Event("beforeinstallprompt", { cancelable: true });
    Object.assign(event, {
      prompt: () => {
        w.prompted = (w.prompted ?? 0) + 1;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: answer, platform: "web" }),
    });
    window.dispatchEvent(event);
    // The game keeps the offer for its own button instead of the browser's infobar.
    return event.defaultPrevented;
  }, outcome);
}

const prompted = (page: Page) => page.evaluate(() => (window as InstallWindow).prompted ?? 0);
const offer = (page: Page) => page.getByRole("complementary", { name: MSG.installOfferTitle });

test("the browser's install offer becomes Install Foilbound in the account menu", async ({ page }) => {
  await signUp(page, uniqueName("install"));
  expect(await offerInstall(page, "accepted")).toBe(true);

  const settings = await openSettings(page);
  const install = settings.getByRole("button", { name: MSG.installButton });
  await expect(install).toBeVisible();
  await expect(settings.getByText(MSG.installLead)).toBeVisible();
  // Where the menu starts: the first section, before the display name.
  await expect(settings.getByRole("heading", { level: 3 }).first()).toHaveText("Install the game");
  await expectAccessible(page, "account menu with Install");

  // Keyboard first: the button is a real button that takes focus.
  await install.focus();
  await expect(install).toBeFocused();
  await page.keyboard.press("Enter");
  await expect.poll(() => prompted(page)).toBe(1);
  // Accepted: the game is installed, so the menu offers nothing any more.
  await expect(settings.getByRole("button", { name: MSG.installButton })).toHaveCount(0);
  await expect(settings.getByRole("heading", { name: "Install the game" })).toHaveCount(0);
  // The focused button went with it: focus stays in the menu, not back at the page's start.
  await expect(settings).toBeFocused();
});

test("after the third pack the game offers to install once, and Not now is remembered", async ({ page }) => {
  await signUp(page, uniqueName("offer"));
  await offerInstall(page, "dismissed");
  // A new player: the menu offers to install, the packs screen does not yet.
  const menu = await openSettings(page);
  await expect(menu.getByRole("button", { name: MSG.installButton })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "Card Packs" })).toBeVisible();
  await expect(offer(page)).toHaveCount(0);

  // Three packs: one, then Open Another Pack twice.
  await page.getByRole("button", { name: /^Open Velvet Night pack/ }).click();
  const reveal = page.getByRole("dialog", { name: "Velvet Night Pack Opened!" });
  await expect(reveal.getByText(/^3 cards - [0-3] new$/)).toBeVisible();
  for (let i = 0; i < 2; i++) {
    await reveal.getByRole("button", { name: "Awesome!" }).waitFor();
    await expect(reveal.getByRole("button", { name: "Awesome!" })).toBeEnabled();
    await reveal.getByRole("button", { name: "Open Another Pack" }).click();
  }
  await expect(reveal.getByRole("button", { name: "Awesome!" })).toBeEnabled();
  await reveal.getByRole("button", { name: "Awesome!" }).click();
  await expect(reveal).toBeHidden();
  await expect(page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Velvet Night", exact: true }) }).getByText("Opened 3×")).toBeVisible();

  await expect(offer(page)).toBeVisible();
  await expect(offer(page).getByRole("button", { name: MSG.installButton })).toBeVisible();
  await expectAccessible(page, "packs with the install offer");

  await offer(page).getByRole("button", { name: MSG.installOfferDismiss }).click();
  await expect(offer(page)).toHaveCount(0);
  await expect(page.locator("#main")).toBeFocused();
  expect(await prompted(page)).toBe(0);

  // A new visit with the browser offering again: the packs screen stays quiet, the menu still offers.
  await page.reload();
  await expectShell(page);
  await offerInstall(page, "dismissed");
  await expect(page.getByRole("heading", { level: 1, name: "Card Packs" })).toBeVisible();
  const settings = await openSettings(page);
  await expect(settings.getByRole("button", { name: MSG.installButton })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(offer(page)).toHaveCount(0);
});

test.describe("on an iPhone", () => {
  test.use({
    userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  });

  test("Safari, which has no install prompt, gets the Share hint instead @phone", async ({ page }) => {
    await signUp(page, uniqueName("ios"));
    const settings = await openSettings(page);
    await expect(settings.getByText(MSG.installIosHint)).toBeVisible();
    await expect(settings.getByRole("button", { name: MSG.installButton })).toHaveCount(0);
    await expectAccessible(page, "account menu on iOS");
  });
});

test("the app badge shows the claimable rewards, clears at 0 and on sign-out", async ({ page }) => {
  // A browser with the Badging API (an installed app): every call is recorded.
  await page.addInitScript(() => {
    const calls: string[] = [];
    (window as unknown as { badgeCalls: string[] }).badgeCalls = calls;
    Object.assign(navigator, {
      setAppBadge: (n?: number) => (calls.push(`set ${n}`), Promise.resolve()),
      clearAppBadge: () => (calls.push("clear"), Promise.resolve()),
    });
  });
  const lastBadge = () => page.evaluate(() => (window as unknown as { badgeCalls: string[] }).badgeCalls.at(-1));
  const nav = (name: string) => page.getByRole("navigation", { name: "Game" }).getByRole("link", { name });

  const name = uniqueName("badge");
  await signUp(page, name);
  // The daily login reward is ready: the header's Rewards badge and the app badge both say 1.
  await expect(nav("Rewards")).toContainText("1");
  await expect.poll(lastBadge).toBe("set 1");

  // Signing out with the reward still waiting: a shared phone's icon must not keep showing it.
  await signOut(page);
  await expect.poll(lastBadge).toBe("clear");

  await submitLogin(page, name, PASSWORD);
  await expectShell(page);
  await expect.poll(lastBadge).toBe("set 1");
  await nav("Rewards").click();
  await page.getByRole("listitem", { name: "Daily Login" }).getByRole("button", { name: "Claim Reward" }).click();
  await expect(page.getByRole("listitem", { name: "Daily Login" }).getByRole("button", { name: "Claimed" })).toBeDisabled();
  await expect(nav("Rewards")).not.toContainText("1");
  await expect.poll(lastBadge).toBe("clear");
});

test("the manifest: id, any orientation, shortcuts to Packs and Collection, phone and desktop screenshots", async ({ request }) => {
  const res = await request.get("/manifest.webmanifest");
  expect(res.status()).toBe(200);
  const manifest = (await res.json()) as {
    id?: string;
    orientation?: string;
    icons: { src: string; purpose?: string }[];
    shortcuts?: { url: string; icons?: { src: string; sizes: string }[] }[];
    screenshots?: { src: string; sizes: string; type: string; form_factor?: string }[];
  };
  expect(manifest.id).toBe("/");
  expect(manifest.orientation).toBe("any");
  expect(manifest.icons.some((icon) => icon.purpose === "maskable")).toBe(true);

  const pngSize = async (url: string) => {
    const image = await request.get(url);
    expect(image.status(), url).toBe(200);
    expect(image.headers()["content-type"], url).toBe("image/png");
    const bytes = await image.body();
    // A PNG's IHDR: width and height, big-endian, at bytes 16 and 20.
    return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
  };

  expect(manifest.shortcuts?.map((s) => s.url)).toEqual(["/", "/collection"]);
  for (const shortcut of manifest.shortcuts ?? []) {
    expect(shortcut.icons?.length).toBeGreaterThan(0);
    for (const icon of shortcut.icons ?? []) expect(await pngSize(icon.src)).toBe(icon.sizes);
  }

  const shots = manifest.screenshots ?? [];
  expect(shots.map((s) => s.form_factor).sort()).toEqual(["narrow", "wide"]);
  for (const shot of shots) {
    expect(shot.type).toBe("image/png");
    // Declared sizes are the real ones, and each has the shape its form factor promises.
    expect(await pngSize(shot.src)).toBe(shot.sizes);
    const [w, h] = shot.sizes.split("x").map(Number) as [number, number];
    expect(shot.form_factor === "narrow" ? h > w : w > h, shot.src).toBe(true);
  }
});
