import { createHash, randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { MSG } from "@contract/messages";
import { characterName } from "../api/src/game/characterNames";
import { expectAccessible, signUp, uniqueName } from "./support/game";

// Issue 15: provably fair pulls checked in the browser, and the pull history on a phone.

async function openPacks(page: Page, set: number, packs: number) {
  const answers = [];
  for (let i = 0; i < packs; i++) {
    const res = await page.request.post("/api/open-pack", { data: { set }, headers: { Origin: new URL(page.url()).origin } });
    expect(res.status()).toBe(200);
    answers.push(await res.json());
  }
  return answers;
}

test("the Fair Play page recomputes every pack of a revealed seed in the browser, and catches a tampered seed", async ({ page }) => {
  await signUp(page, uniqueName("fair"));
  const packs = await openPacks(page, 1, 4);
  await page.goto("/fairness");
  await expect(page.getByRole("heading", { level: 1, name: MSG.fairnessTitle })).toBeVisible();
  await expect(page.getByTestId("commitment")).toHaveText(packs[0].pull.serverSeedHash);
  await expect(page.getByTestId("nonce")).toHaveText("4");
  await expect(page.getByText(MSG.noRevealedSeeds)).toBeVisible();

  // The client seed is the player's: a bad one is refused with the rule, a good one saved.
  const seedField = page.getByLabel("Client seed", { exact: true }).first();
  await seedField.fill("naïve");
  await page.getByRole("button", { name: "Save client seed" }).click();
  await expect(page.getByText(MSG.clientSeedInvalid)).toBeVisible();
  await seedField.fill("lucky 7");
  await page.getByRole("button", { name: "Save client seed" }).click();
  await expect(page.getByText(MSG.clientSeedSaved)).toBeVisible();

  await page.getByRole("button", { name: "Rotate and reveal seed" }).click();
  await expect(page.getByText(MSG.rotateDone)).toBeVisible();
  await expect(page.getByTestId("commitment")).not.toHaveText(packs[0].pull.serverSeedHash);
  await expect(page.getByTestId("nonce")).toHaveText("0");
  const seed = page.getByTestId("revealed-seed");
  await expect(seed).toHaveCount(1);
  await expect(seed.getByTestId("seed-verdict")).toHaveText(MSG.packsMatch(4));
  await seed.getByText("Show the 4 packs").click();
  await expect(seed.getByTestId("checked-pack")).toHaveCount(4);
  await expect(seed.getByTestId("checked-pack").filter({ hasText: "Matches" })).toHaveCount(4);
  await expectAccessible(page, "Fair Play");

  // Paste the revealed seed with the first pack's client seed and nonce: the same three cards.
  await page.getByRole("button", { name: "Fill in my latest revealed seed" }).click();
  const form = page.locator(".fairness__check-form");
  await form.getByLabel("Client seed").fill(packs[0].pull.clientSeed);
  await form.getByLabel("Nonce").fill("0");
  await page.getByRole("button", { name: "Show the pack" }).click();
  const result = page.getByTestId("pack-check-result");
  await expect(result.locator(".pulled-card__name")).toHaveText(packs[0].cards.map((c: { character: string }) => `${characterName(c.character)}, Velvet Night #${Number(c.character.replace(/\D/g, ""))}`));

  // A server that lied about the seed: the page says so instead of trusting it.
  await page.route("**/api/fairness", async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    const real: string = body.revealed[0].serverSeed;
    body.revealed[0].serverSeed = (real[0] === "0" ? "1" : "0") + real.slice(1);
    await route.fulfill({ response, json: body });
  });
  await page.reload();
  await expect(page.getByTestId("seed-verdict")).toHaveText(MSG.commitmentMismatch);
  // And a seed that matches its commitment but not the packs stored under it.
  await page.unroute("**/api/fairness");
  await page.route("**/api/pulls?*", async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.pulls[0].cards[0].character = body.pulls[0].cards[0].character === "velvetnight6" ? "velvetnight5" : "velvetnight6";
    await route.fulfill({ response, json: body });
  });
  await page.reload();
  await expect(page.getByTestId("seed-verdict")).toContainText(MSG.packsMismatch(1, 4));
  await page.getByText("Show the 4 packs").click();
  await expect(page.getByTestId("checked-pack").filter({ hasText: "Does not match" })).toHaveCount(1);
});

test("a seed revealed before the newest 100 is one 'Show older seeds' away, and its packs check in the browser", async ({ page }) => {
  await signUp(page, uniqueName("old"));
  await openPacks(page, 1, 2);
  const origin = new URL(page.url()).origin;
  expect((await page.request.post("/api/fairness/rotate", { headers: { Origin: origin } })).status()).toBe(200);
  // As if 100 seeds had been revealed since this one (the API test pages through real ones): the
  // first page holds 100 newer seeds without packs, and this player's real seed is on the next.
  const newer = Array.from({ length: 100 }, (_, i) => {
    const serverSeed = randomBytes(32).toString("hex");
    return { serverSeed, serverSeedHash: createHash("sha256").update(serverSeed).digest("hex"), packs: 0, revealedAt: new Date(Date.now() - i * 1000).toISOString() };
  });
  let real: unknown;
  await page.route("**/api/fairness", async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    real = body.revealed[0];
    await route.fulfill({ response, json: { ...body, revealed: newer, revealedNextBefore: 4242 } });
  });
  let asked = "";
  await page.route("**/api/fairness/revealed?*", async (route) => {
    asked = new URL(route.request().url()).search;
    await route.fulfill({ json: { revealed: [real], nextBefore: null } });
  });
  await page.goto("/fairness");
  const seeds = page.getByTestId("revealed-seed");
  await expect(seeds).toHaveCount(100);
  await expect(seeds.first().getByTestId("seed-verdict")).toHaveText("No packs were opened with this seed");
  await page.getByRole("button", { name: "Show older seeds" }).click();
  await expect(seeds).toHaveCount(101);
  expect(asked).toBe("?before=4242");
  await expect(page.getByRole("button", { name: "Show older seeds" })).toHaveCount(0);
  const oldest = seeds.last();
  await oldest.getByRole("button", { name: "Check these packs" }).click();
  await expect(oldest.getByTestId("seed-verdict")).toHaveText(MSG.packsMatch(2));
});

test("the pull history lists packs with a luck chart and filters, on a phone @phone", async ({ page }) => {
  await signUp(page, uniqueName("hist"));
  const answers = [...(await openPacks(page, 1, 5)), ...(await openPacks(page, 2, 2))];
  // Every pack shows its guarantee, as the server counted it.
  await page.goto("/");
  const velvet = page.locator(".pack-card--set1").getByTestId("pack-pity");
  const within = answers[4].pity.guaranteedWithin;
  await expect(velvet).toHaveText(within === 1 ? MSG.pityNext : MSG.pityWithin(within));
  await page.goto("/collection");
  await page.getByRole("link", { name: "Pull history" }).click();
  await expect(page).toHaveURL(/\/history$/);
  await expect(page.getByRole("heading", { level: 1, name: MSG.historyTitle })).toBeVisible();
  await expect(page.getByTestId("pull")).toHaveCount(7);
  await expect(page.getByTestId("pull").first()).toContainText("Bathhouse");
  await expect(page.getByText("Your luck in 7 packs")).toBeVisible();
  await expect(page.getByTestId("luck-row")).toHaveCount(6);
  // Every row says its figures in words for screen readers.
  await expect(page.getByRole("img", { name: /^Common: \d+ cards?, expected [\d.]+ \([\d.]+ to [\d.]+\), / })).toBeVisible();
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole("combobox", { name: "Set" }).selectOption({ label: "Velvet Night" });
  await expect(page.getByTestId("pull")).toHaveCount(5);
  const tiersOf = (a: { cards: Array<{ tier: string }> }) => a.cards.map((c) => c.tier);
  const velvetPacks = answers.slice(0, 5);
  const withCommon = velvetPacks.filter((a) => tiersOf(a).includes("Common")).length;
  await page.getByRole("combobox", { name: "Holding a card of tier" }).selectOption("Common");
  await expect(page.getByTestId("pull")).toHaveCount(withCommon);
  const absent = ["Mythic", "Legendary", "Epic", "Rare"].find((t) => !velvetPacks.some((a) => tiersOf(a).includes(t)))!;
  await page.getByRole("combobox", { name: "Holding a card of tier" }).selectOption(absent);
  await expect(page.getByTestId("pull")).toHaveCount(0);
  await expect(page.getByText(MSG.historyFilteredEmpty)).toBeVisible();
  await page.getByRole("combobox", { name: "Set" }).selectOption({ label: "All sets" });
  await page.getByRole("combobox", { name: "Holding a card of tier" }).selectOption("");
  await expect(page.getByTestId("pull")).toHaveCount(7);

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Pull history (CSV)" }).click()]);
  expect(download.suggestedFilename()).toBe("foilbound-pulls.csv");
  const text = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString("utf8"));
  expect(text.trimEnd().split("\r\n")).toHaveLength(1 + 21);
  await expectAccessible(page, "Pull History");
});
