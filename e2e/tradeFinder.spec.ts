import { expect, test, type Page } from "@playwright/test";
import type { CardDto } from "@contract/cards";
import { MSG } from "@contract/messages";
import { finishOf } from "../api/src/game/sets";
import { LOPSIDED_RATIO } from "../api/src/game/trading";
import { expectAccessible, signUp, uniqueName } from "./support/game";

// Issue 48 in the browser, at phone size: two players want each other's spare cards, find each
// other in Matches, trade in one tap, and the card received leaves the wishlist. Setup through the
// API (packs, wishes, keep settings); the trade itself through the screens.

const origin = (page: Page) => ({ Origin: new URL(page.url()).origin });
const identity = (c: CardDto) => `${c.set}|${c.character}|${c.background}|${finishOf(c)}`;
const path = (c: CardDto) => [c.character, c.background || "_empty_", c.set, c.isHolo, c.isGlitch, c.isDarkHolo].map((p) => encodeURIComponent(String(p))).join("/");

async function openPack(page: Page): Promise<void> {
  expect((await page.request.post("/api/open-pack", { data: { set: 1 }, headers: origin(page) })).status()).toBe(200);
}

async function collectionOf(page: Page): Promise<CardDto[]> {
  return (await (await page.request.get("/api/collection")).json()) as CardDto[];
}

/**
 * A card of each player, of different kinds and within the ratio that two accounts signed up from
 * one network (here, every test's) may trade: the server leaves other pairs out of their matches.
 */
function tradablePair(mine: CardDto[], theirs: CardDto[]): [CardDto, CardDto] | null {
  for (const a of mine)
    for (const b of theirs) {
      if (identity(a) === identity(b)) continue;
      if (Math.max(a.points, b.points) <= LOPSIDED_RATIO * Math.min(a.points, b.points)) return [a, b];
    }
  return null;
}

async function put(page: Page, url: string, data?: unknown): Promise<void> {
  const res = await page.request.put(url, { data, headers: origin(page) });
  expect(res.status(), await res.text()).toBe(200);
}

test("@phone two players find each other in Matches, trade in one tap, and the card received leaves the wishlist", async ({ page: alice, browser }) => {
  const bob = await (await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();
  const [aliceName, bobName] = [uniqueName("wisha"), uniqueName("wishb")];
  await Promise.all([signUp(alice, aliceName), signUp(bob, bobName)]);

  // Packs until each holds a card the other may take for one of theirs.
  let pair: [CardDto, CardDto] | null = null;
  for (let i = 0; i < 4 && !pair; i++) {
    await Promise.all([openPack(alice), openPack(bob)]);
    pair = tradablePair(await collectionOf(alice), await collectionOf(bob));
  }
  expect(pair, "a pair of cards within the same-network ratio").not.toBeNull();
  const [aliceCard, bobCard] = pair!;
  // Copies of Bob's card's kind Alice holds: one more after the trade (Bob may hold two, either may come).
  const copiesOfBobs = async () => (await collectionOf(alice)).filter((c) => identity(c) === identity(bobCard)).length;
  const before = await copiesOfBobs();

  // Each keeps no copy of the card the other wants (so its one copy is spare) and wants the other's.
  await Promise.all([
    put(alice, `/api/trade/keep/${path(aliceCard)}`, { keep: 0 }),
    put(bob, `/api/trade/keep/${path(bobCard)}`, { keep: 0 }),
    put(alice, `/api/trade/wishlist/${path(bobCard)}`),
    put(bob, `/api/trade/wishlist/${path(aliceCard)}`),
  ]);

  // Alice's wishlist names the card and that players can trade it (Bob at least; other tests' players may hold spares too).
  await alice.goto("/trading?tab=wishlist");
  await expect(alice.getByRole("heading", { name: MSG.tradeWishlistTitle })).toBeVisible();
  const wish = alice.locator(".wish-item");
  await expect(wish).toHaveCount(1);
  await expect(wish).toContainText(/\d+ players? can trade it/);

  // Matches: Bob by his public name, mutual, with the pair; one tap sends the offer.
  await alice.getByRole("tab", { name: /Matches/ }).click();
  await expect(alice.getByRole("heading", { name: MSG.tradeMatchesTitle })).toBeVisible();
  const match = alice.locator(".match").filter({ has: alice.getByRole("heading", { name: bobName, exact: true }) });
  await expect(match).toBeVisible();
  await expect(match.getByText(MSG.tradeWantsYoursToo)).toBeVisible();
  await expect(match.locator(".match__head").getByText(MSG.tradeFair, { exact: true })).toBeVisible();
  await expect(match.getByText(MSG.tradeTheirCard)).toBeVisible();
  await expect(match.getByText(MSG.tradeYourCard)).toBeVisible();
  await expectAccessible(alice, "trading matches");
  await match.getByRole("button", { name: `${MSG.tradeOfferThis} with ${bobName}` }).first().click();
  await expect(alice.getByText(MSG.tradeOfferSent)).toBeVisible();

  // Bob accepts in Trading.
  await bob.goto("/trading?tab=received");
  const received = bob.locator(".offer").first();
  await expect(received).toContainText(`From ${aliceName}`);
  await received.getByRole("button", { name: "Accept" }).click();
  await bob.getByRole("dialog", { name: "Confirm Trade" }).getByRole("button", { name: "Yes, Accept Trade" }).click();
  await expect(bob.getByText(MSG.tradeAccepted)).toBeVisible();

  // Alice's wishlist no longer holds the card she received.
  await alice.getByRole("tab", { name: /Wishlist/ }).click();
  await expect(alice.getByText(MSG.tradeWishlistEmptyTitle)).toBeVisible();
  await expect(alice.locator(".wish-item")).toHaveCount(0);
  expect(await copiesOfBobs()).toBe(before + 1);
  await bob.context().close();
});
