import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page, type Route } from "@playwright/test";
import { MSG } from "@contract/messages";
import { playRevealsLikeAPlayer } from "./reveal";

// Steps every browser test shares: names, the age gate, signing up, in and out, the axe check,
// holding a pack's answer and a browser without WebGL.

export const PASSWORD = "violet-harbour-42";

/** Where the game remembers the age gate's answer (pwa/src/features/auth/hooks.ts). */
const AGE_GATE_KEY = "foilbound-age-gate";

/** A username nobody else in this run has: prefix + time + a little randomness, at most 20 chars. */
export function uniqueName(prefix: string): string {
  const suffix = Date.now().toString(36).slice(-6) + Math.random().toString(36).slice(2, 5);
  return `${prefix}${suffix}`.slice(0, 20);
}

/** Opens the game and answers the age gate. */
export async function openLogin(page: Page): Promise<void> {
  await playRevealsLikeAPlayer(page);
  await page.goto("/");
  await page.getByRole("button", { name: "I am 18+" }).click();
  await expect(page.getByLabel("Username")).toBeVisible();
}

export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Begin Adventure" }).click();
}

/** From the login form: an unknown name, the terms dialog, accept, and the account exists. */
export async function createAccount(page: Page, username: string, password = PASSWORD): Promise<void> {
  await submitLogin(page, username, password);
  const dialog = page.getByRole("dialog", { name: "Welcome to Foilbound!" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Accept & Create Account" }).click();
  await expect(dialog).toBeHidden({ timeout: 15_000 });
}

/** Age gate, new account through the login form and the terms dialog, and the signed-in shell is showing. */
export async function signUpThroughForm(page: Page, username: string, password = PASSWORD): Promise<void> {
  await openLogin(page);
  await createAccount(page, username, password);
  await expectShell(page);
}

/**
 * A new player in the signed-in shell, for tests about what comes after signing up: the account is
 * made by the same POST the terms dialog sends, the age gate answered as the game remembers it,
 * then the game is loaded. auth.spec and account.spec cover the form itself (signUpThroughForm);
 * typing it in every test cost CI minutes on this 2-core machine.
 */
export async function signUp(page: Page, username: string, password = PASSWORD): Promise<void> {
  await playRevealsLikeAPlayer(page);
  const origin = String(test.info().project.use.baseURL);
  const res = await page.request.post("/api/auth/register", {
    data: { username, password, displayName: username, ageConfirmed: true, termsAccepted: true },
    headers: { Origin: origin },
  });
  expect(res.status(), await res.text()).toBe(201);
  // One page load: the age gate's answer is in place before the game's first script runs. Only
  // when absent, so a test that later clears it (or reloads) sees what a player would.
  await page.addInitScript((key) => {
    if (localStorage.getItem(key) === null) localStorage.setItem(key, JSON.stringify({ acceptedAt: new Date().toISOString() }));
  }, AGE_GATE_KEY);
  await page.goto("/");
  await expectShell(page);
}

/** The service worker installs on the first visit and controls the page from the next load. */
export async function untilWorkerControls(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

export async function expectShell(page: Page): Promise<void> {
  await expect(page.getByRole("navigation", { name: "Game" })).toBeVisible();
}

/**
 * A button of the header's icon row. Phones keep that row in the avatar's menu (issue 13), so the
 * menu is opened first when its toggle is on screen.
 */
export async function headerButton(page: Page, name: string | RegExp) {
  const toggle = page.getByRole("button", { name: new RegExp(`^${MSG.menuLabel},`) });
  if ((await toggle.isVisible()) && (await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  return page.getByRole("button", { name });
}

/** Log out, confirmed in its dialog (it asks once). */
export async function signOut(page: Page): Promise<void> {
  await (await headerButton(page, "Log out")).click();
  await page.getByRole("dialog", { name: MSG.logoutConfirmTitle }).getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("button", { name: "Begin Adventure" })).toBeVisible();
}

export async function openSettings(page: Page) {
  await (await headerButton(page, /Account Settings/)).click();
  const dialog = page.getByRole("dialog", { name: "Account Settings" });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** axe-core over the whole page: no serious or critical violations. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const severe = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = severe.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(" ")).join("\n    ")}`);
  expect(report, `accessibility problems on the ${screen} screen`).toEqual([]);
}

/** Holds every POST /api/open-pack until release() is called. */
export async function holdOpenPack(page: Page): Promise<{ release: () => void; requested: Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let noteRequested!: () => void;
  const requested = new Promise<void>((resolve) => (noteRequested = resolve));
  await page.route("**/api/open-pack", async (route: Route) => {
    noteRequested();
    await released;
    await route.fallback();
  });
  return { release, requested };
}

/** A browser whose WebGL is off, so the DOM reveal (whose cards are elements) is what shows. */
export async function withoutWebGL(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const original = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, ...rest: unknown[]) {
      if (type.startsWith("webgl") || type === "experimental-webgl" || type === "webgpu") return null;
      return (original as (...args: unknown[]) => RenderingContext | null).call(this, type, ...rest);
    } as typeof original;
  });
}

/** The cards the device's offline copy holds now (IndexedDB, read once); -1 when it cannot be read. */
export function copiedCards(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open("foilbound-offline");
        open.onerror = () => resolve(-1);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("cards")) return db.close(), resolve(0);
          const count = db.transaction("cards").objectStore("cards").count();
          count.onsuccess = () => (db.close(), resolve(count.result));
          count.onerror = () => (db.close(), resolve(-1));
        };
      }),
  );
}

/**
 * Waits until the device's offline copy holds `cards` cards (the game writes it once the page is
 * quiet, not during start-up): what a player has on the device before the network goes.
 */
export async function expectOfflineCopy(page: Page, cards: number): Promise<void> {
  await expect.poll(() => copiedCards(page), { timeout: 20_000 }).toBe(cards);
}
