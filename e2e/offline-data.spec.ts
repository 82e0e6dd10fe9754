import { expect, test, type Page } from "@playwright/test";
import { MSG } from "@contract/messages";
import { createAccount, expectShell, openLogin, PASSWORD, signOut, signUp, submitLogin, uniqueName, untilWorkerControls } from "./support/game";

// About the service worker, which the config blocks everywhere else.
test.use({ serviceWorkers: "allow" });

// The player's data on the device (issue 12): a player whose cards were opened elsewhere signs in
// on a new device, looks only at the packs screen, loses the network, and still sees what the
// server last said on every screen; back online it refreshes; signing out leaves nothing behind.

const nav = (page: Page, name: string) => page.getByRole("navigation", { name: "Game" }).getByRole("link", { name });

/** Opens packs through the API with the page's own session (the "other device"). */
async function openPacks(page: Page, packs: number): Promise<void> {
  for (let i = 0; i < packs; i++) {
    const res = await page.request.post("/api/open-pack", { data: { set: 1 }, headers: { Origin: new URL(page.url()).origin } });
    expect(res.status()).toBe(200);
  }
}

/** The server's own facts, read with the page's session. */
async function serverFacts(page: Page) {
  const cards = (await (await page.request.get("/api/collection")).json()) as unknown[];
  const rank = (await (await page.request.get("/api/user/rank")).json()) as { rank: number | null };
  return { cards: cards.length, rank: rank.rank };
}

/** The rank in the player's saved snapshot (what the offline screens show). */
function savedRank(page: Page, userId: number) {
  return page.evaluate(
    (id) =>
      new Promise<number | null>((resolve) => {
        const open = indexedDB.open("foilbound-offline");
        open.onerror = () => resolve(null);
        open.onsuccess = () => {
          const db = open.result;
          const get = db.transaction("snapshots").objectStore("snapshots").get(id);
          get.onsuccess = () => (db.close(), resolve((get.result?.rank?.rank as number | undefined) ?? null));
          get.onerror = () => (db.close(), resolve(null));
        };
      }),
    userId,
  );
}

/** What the device holds for a player: cards and snapshot rows in IndexedDB, per-player localStorage keys. */
function deviceData(page: Page, userId: number) {
  return page.evaluate(
    (id) =>
      new Promise<{ cards: number; snapshots: number; storageKeys: string[] }>((resolve) => {
        const storageKeys = Object.keys(localStorage).filter((k) => k.endsWith(`-${id}`));
        const open = indexedDB.open("foilbound-offline");
        open.onerror = () => resolve({ cards: -1, snapshots: -1, storageKeys });
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("cards")) return db.close(), resolve({ cards: 0, snapshots: 0, storageKeys });
          const tx = db.transaction(["cards", "snapshots"]);
          const cards = tx.objectStore("cards").index("userId").count(id);
          const snapshots = tx.objectStore("snapshots").count(id);
          tx.oncomplete = () => (db.close(), resolve({ cards: cards.result, snapshots: snapshots.result, storageKeys }));
          tx.onerror = () => (db.close(), resolve({ cards: -1, snapshots: -1, storageKeys }));
        };
      }),
    userId,
  );
}

test("a player's cards from another device are all on a new phone offline, every screen honest, refreshed online, gone at sign-out @phone", async ({ page, browser }) => {
  test.slow();
  // The other device: an account with three packs opened. Its daily login reward is left unclaimed.
  const name = uniqueName("elsewhere");
  await signUp(page, name);
  await openPacks(page, 3);

  // The new phone: signs in and stays on the packs screen until the copy is saved.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, baseURL: new URL(page.url()).origin });
  const p = await phone.newPage();
  await openLogin(p);
  await submitLogin(p, name, PASSWORD);
  await expectShell(p);
  await untilWorkerControls(p);
  await expectShell(p);
  const userId = await p.evaluate(() => JSON.parse(localStorage.getItem("foilbound-auth")!).user.id as number);
  // An entry an older version kept per player: signing out must take it too.
  await p.evaluate((id) => localStorage.setItem(`foilbound-rewards-v1-${id}`, "{}"), userId);
  await expect(p.locator("html")).toHaveAttribute("data-offline-synced", /Z$/, { timeout: 30_000 });
  // The next visit finds the copy current: the cards are not downloaded again (304).
  const unchanged = p.waitForResponse((r) => r.url().endsWith("/api/collection") && r.status() === 304);
  await p.reload();
  await expectShell(p);
  await unchanged;
  await expect(p.locator("html")).toHaveAttribute("data-offline-synced", /Z$/, { timeout: 30_000 });
  const server = await serverFacts(p);
  expect(server.cards).toBe(9);
  expect(server.rank).not.toBeNull();
  // The rank the device saved at its last sync: other tests' players open packs meanwhile, so the
  // server's rank read a moment later may already be another (seen: saved #14, server #15).
  const saved = await savedRank(p, userId);
  expect(saved).not.toBeNull();
  const rankText = `#${saved!.toLocaleString("en-US")}`;

  await phone.setOffline(true);
  await p.reload();
  await expectShell(p);

  // Header and collection: the server's count and one rank.
  await expect(p.getByTestId("header-rank")).toHaveText(rankText);
  await nav(p, "Collection").click();
  await expect(p.getByText(/^You are offline\. Showing your collection as last synced .+\d/)).toBeVisible();
  await expect(p.getByText(`${server.cards} cards`, { exact: true })).toBeVisible();
  await expect(p.getByTestId("collection-rank")).toHaveText(rankText);
  await expect(p.getByTestId("header-rank")).toHaveText(rankText);

  // Leaderboard: the saved rows with their time, the player among them; no failure.
  await nav(p, "Rank").click();
  await expect(p.getByText(/^You are offline\. Showing the leaderboard as last synced .+\d/)).toBeVisible();
  await expect(p.locator(".lb-row.is-mine")).toBeVisible();
  await expect(p.getByText(MSG.leaderboardFailed)).toHaveCount(0);

  // Rewards: the server's last state; the reached reward is shown but cannot be claimed.
  await nav(p, "Rewards").click();
  await expect(p.getByText(/^You are offline\. Showing your rewards as last synced/)).toBeVisible();
  const login = p.getByRole("listitem", { name: "Daily Login" });
  await expect(login.getByRole("button", { name: "Claim Reward" })).toBeDisabled();
  await expect(login.getByText(MSG.rewardClaimNeedsConnection)).toBeVisible();
  await expect(p.getByRole("button", { name: "Claim Reward", disabled: false })).toHaveCount(0);
  await expect(nav(p, "Rewards").locator(".main-nav__badge")).toHaveText(/^1 ready$/);

  // Meanwhile, on the other device: the reward is claimed and one more pack opened.
  const claim = await page.request.post("/api/user/coins", {
    data: { rewardId: "daily-login", rewardType: "daily", amount: 1 },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(claim.status()).toBe(200);
  await openPacks(page, 1);

  // Back online, no reload: the claim shows, the badge goes, the collection has the new cards.
  await phone.setOffline(false);
  await expect(login.getByRole("button", { name: "Claimed" })).toBeVisible({ timeout: 20_000 });
  await expect(nav(p, "Rewards").locator(".main-nav__badge")).toHaveCount(0);
  await nav(p, "Collection").click();
  await expect(p.getByText(`${server.cards + 3} cards`, { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(p.getByText(/^You are offline/)).toHaveCount(0);
  await expect(p.getByTestId("collection-rank")).toHaveText(/^#[\d,]+$/);
  await expect(p.getByTestId("header-rank")).toHaveText(await p.getByTestId("collection-rank").innerText());

  // Signing out leaves none of the player's data on the phone.
  expect((await deviceData(p, userId)).cards).toBeGreaterThan(0);
  await signOut(p);
  await expect.poll(() => deviceData(p, userId)).toEqual({ cards: 0, snapshots: 0, storageKeys: [] });
  await phone.close();
});

test("on a shared computer, the next player sees only their own saved data offline", async ({ page, context }) => {
  test.slow();
  const first = uniqueName("sharedA");
  await signUp(page, first);
  await untilWorkerControls(page);
  await expectShell(page);
  await openPacks(page, 2);
  const firstId = await page.evaluate(() => JSON.parse(localStorage.getItem("foilbound-auth")!).user.id as number);
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-offline-synced", /Z$/, { timeout: 30_000 });
  expect((await deviceData(page, firstId)).cards).toBe(6);
  await signOut(page);

  await createAccount(page, uniqueName("sharedB"));
  await expectShell(page);
  await openPacks(page, 1);
  await page.reload();
  await expectShell(page);
  await expect(page.locator("html")).toHaveAttribute("data-offline-synced", /Z$/, { timeout: 30_000 });
  expect(await deviceData(page, firstId)).toEqual({ cards: 0, snapshots: 0, storageKeys: [] });

  await context.setOffline(true);
  await page.reload();
  await expectShell(page);
  await nav(page, "Collection").click();
  await expect(page.getByText(/^You are offline\. Showing your collection as last synced/)).toBeVisible();
  await expect(page.getByText("3 cards", { exact: true })).toBeVisible();
  // The screen's rank comes from the device's copy a moment after the cards: read it once it is there.
  await expect(page.getByTestId("collection-rank")).toHaveText(/^#[\d,]+$/);
  await expect(page.getByTestId("header-rank")).toHaveText(await page.getByTestId("collection-rank").innerText());
  await nav(page, "Rank").click();
  await expect(page.getByText(/^You are offline\. Showing the leaderboard as last synced/)).toBeVisible();
  await expect(page.locator(".lb-row.is-mine")).toBeVisible();
  await context.setOffline(false);
});

/** The copy's sync stamp and whether the marked card (see markCopiedCard) is still as marked. */
function copyState(page: Page, userId: number) {
  return page.evaluate(
    (id) =>
      new Promise<{ cards: number; syncedAt: string | null; etag: string | null; marked: boolean }>((resolve) => {
        const open = indexedDB.open("foilbound-offline");
        open.onerror = () => resolve({ cards: -1, syncedAt: null, etag: null, marked: false });
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("cards")) return db.close(), resolve({ cards: 0, syncedAt: null, etag: null, marked: false });
          const tx = db.transaction(["cards", "snapshots"]);
          const cards = tx.objectStore("cards").index("userId").getAll(id);
          const snapshot = tx.objectStore("snapshots").get(id);
          tx.oncomplete = () => {
            db.close();
            const rows = cards.result as Array<{ testMark?: boolean }>;
            resolve({ cards: rows.length, syncedAt: snapshot.result?.collectionSyncedAt ?? null, etag: snapshot.result?.collectionEtag ?? null, marked: rows.some((r) => r.testMark) });
          };
        };
      }),
    userId,
  );
}

/** Marks one copied card in place, as a rewrite of the copy would not keep it. */
function markCopiedCard(page: Page, userId: number) {
  return page.evaluate(
    (id) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open("foilbound-offline");
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction("cards", "readwrite");
          const store = tx.objectStore("cards");
          const first = store.index("userId").openCursor(id);
          first.onsuccess = () => first.result?.update({ ...first.result.value, testMark: true });
          tx.oncomplete = () => (db.close(), resolve());
          tx.onerror = () => reject(tx.error);
        };
      }),
    userId,
  );
}

test("a visit that finds the collection unchanged keeps the device's copy as it is; a changed one is written again", async ({ page }) => {
  await signUp(page, uniqueName("samecopy"));
  await openPacks(page, 2);
  const userId = ((await (await page.request.get("/api/user")).json()) as { id: number }).id;
  await page.goto("/collection");
  // The whole answer is on the device, stamped with its tag.
  await expect.poll(async () => (await copyState(page, userId)).etag !== null, { timeout: 20_000 }).toBe(true);
  expect((await copyState(page, userId)).cards).toBe(6);
  await markCopiedCard(page, userId);
  const before = await copyState(page, userId);
  expect(before.marked).toBe(true);

  // Same collection: the sync is stamped, nothing is written again.
  await page.reload();
  await expect.poll(async () => (await copyState(page, userId)).syncedAt, { timeout: 20_000 }).not.toBe(before.syncedAt);
  expect(await copyState(page, userId)).toMatchObject({ cards: 6, etag: before.etag, marked: true });

  // A pack opened elsewhere changes it: the next visit writes the new answer.
  await openPacks(page, 1);
  await page.reload();
  await expect.poll(async () => (await copyState(page, userId)).etag, { timeout: 20_000 }).not.toBe(before.etag);
  expect(await copyState(page, userId)).toMatchObject({ cards: 9, marked: false });
});
