import { expect, test, type Browser, type Page, type Request } from "@playwright/test";
import { headerButton, signUp, uniqueName } from "./support/game";

// Issue 47 in the browser: two players in two contexts at phone size. A chat message and a trade
// offer appear on the other screen as they happen, and while the stream is up the screens make
// no periodic requests (the polls only run while it is down).

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const origin = (page: Page) => ({ Origin: new URL(page.url()).origin });
/**
 * The reads that poll while the stream is down. Not the rank: other tests' players open packs all
 * the while, and a pack that passes this player's score rightly makes the rank read again.
 */
const POLLED = /\/api\/(chat\/messages|trade\/offers|trade\/notifications|user\/rewards|user)(\?|$)/;

async function player(browser: Browser, prefix: string) {
  const page = await (await browser.newContext(PHONE)).newPage();
  // The page's timers run on a clock the test can move on: 32 s of polls are checked in a moment.
  await page.clock.install();
  const inFlight = new Set<Request>();
  page.on("request", (r) => void (POLLED.test(new URL(r.url()).pathname) && inFlight.add(r)));
  page.on("requestfinished", (r) => void inFlight.delete(r));
  page.on("requestfailed", (r) => void inFlight.delete(r));
  const name = uniqueName(prefix);
  await signUp(page, name);
  const res = await page.request.post("/api/open-pack", { data: { set: 1 }, headers: origin(page) });
  expect(res.status()).toBe(200);
  const me = (await (await page.request.get("/api/user")).json()) as { id: number };
  return { page, name, id: me.id, inFlight };
}

const liveUp = (page: Page) => expect(page.locator("html")).toHaveAttribute("data-live", "up", { timeout: 15_000 });

test("a chat message and a trade offer reach the other player's screen at once, with no polling while the stream is up @phone", async ({ browser }) => {
  test.slow();
  const alice = await player(browser, "alice");
  const bob = await player(browser, "bob");

  await bob.page.goto("/trading?tab=received");
  await expect(bob.page.getByRole("heading", { name: "Incoming Trade Offers" })).toBeVisible();
  await liveUp(bob.page);
  await (await headerButton(bob.page, "Global Chat")).click();
  const chat = bob.page.getByRole("dialog", { name: "Global Chat" });
  await expect(chat.getByRole("textbox", { name: "Message" })).toBeVisible();

  // Longer than the shortest poll (chat, 5 s) and the trading and rewards polls (30 s).
  const polls: string[] = [];
  const record = (r: Request) => {
    if (r.method() === "GET" && POLLED.test(new URL(r.url()).pathname + new URL(r.url()).search)) polls.push(new URL(r.url()).pathname);
  };
  // A stream that drops meanwhile (a loaded machine) rightly polls until it is back: the window is
  // counted only if the stream stayed up all through it, and tried again (up to 3 times) if not.
  await bob.page.evaluate(() => {
    const w = window as unknown as { liveDrops: number };
    w.liveDrops = 0;
    new MutationObserver(() => void (document.documentElement.dataset.live !== "up" && w.liveDrops++)).observe(document.documentElement, {
      attributes: true,
      attributeFilter: ["data-live"],
    });
  });
  const drops = () => bob.page.evaluate(() => (window as unknown as { liveDrops: number }).liveDrops);
  bob.page.on("request", record);
  for (let attempt = 1; ; attempt++) {
    await liveUp(bob.page);
    // Reads still on their way would time out at once on the moved clock and be asked again:
    // the screen's reads finish before the clock moves.
    await expect.poll(() => bob.inFlight.size).toBe(0);
    polls.length = 0;
    const dropsBefore = await drops();
    await bob.page.clock.runFor(32_000);
    await bob.page.waitForTimeout(500); // requests the timers made are reported
    if ((await drops()) === dropsBefore) break;
    expect(attempt, "the stream dropped in every 32 s window").toBeLessThan(3);
  }
  expect(polls).toEqual([]);

  const text = `live hello ${Date.now()}`;
  const posted = await alice.page.request.post("/api/chat/messages", { data: { message: text }, headers: origin(alice.page) });
  expect(posted.status()).toBe(201);
  // Well inside the 5 s the poll would have taken, and with no request for it.
  await expect(chat.getByText(text, { exact: true })).toBeVisible({ timeout: 3_000 });
  expect(polls.filter((p) => p === "/api/chat/messages")).toEqual([]);
  await chat.getByRole("button", { name: /Close/ }).click();

  const [aliceCard] = (await (await alice.page.request.get("/api/collection")).json()) as Array<{ id: number }>;
  const [bobCard] = (await (await bob.page.request.get("/api/collection")).json()) as Array<{ id: number }>;
  const offered = await alice.page.request.post("/api/trade/offer", {
    data: { toUserId: bob.id, offeredCardIds: [aliceCard!.id], requestedCardId: bobCard!.id },
    headers: origin(alice.page),
  });
  expect(offered.status()).toBe(201);
  await expect(bob.page.locator(".offer").first()).toContainText(`From ${alice.name}`, { timeout: 3_000 });
  bob.page.off("request", record);
});

test("the stream stops offline and comes back online @phone", async ({ browser }) => {
  const bob = await player(browser, "bob");
  await liveUp(bob.page);
  await bob.page.context().setOffline(true);
  await expect(bob.page.locator("html")).toHaveAttribute("data-live", "down");
  await bob.page.context().setOffline(false);
  await liveUp(bob.page);
});
