import { expect, test } from "./support/test";
import { type Page } from "@playwright/test";
import { points as pointsOf, tierOf } from "../api/src/game/rarity";
import { SETS } from "../api/src/game/sets";
import { holdOpenPack, signUp, uniqueName, withoutWebGL } from "./support/game";

// Issue 11, the instant pack moment: the reveal starts at the tap while the open-pack request is
// still on its way, the cards turn only once the server has answered, and Skip ends the reveal
// at any moment, even before the answer. The request is held by the test (not delayed by a
// clock), so every step below is a state, never a timing.

function packTile(page: Page, name: string) {
  return page.getByRole("button", { name: new RegExp(`^Open ${name} pack`) });
}

/** A new player taps a pack whose open-pack request the test holds; returns the hold and the reveal. */
async function tapHeldPack(page: Page, player: string, pack: string) {
  await signUp(page, uniqueName(player));
  const held = await holdOpenPack(page);
  await packTile(page, pack).click();
  await held.requested;
  return { held, reveal: page.getByRole("dialog", { name: `${pack} Pack Opened!` }) };
}



test("the reveal starts at the tap and the cards turn when a slow server answers", async ({ page }) => {
  const { held, reveal } = await tapHeldPack(page, "slowpack", "Velvet Night");

  // The request is still on its way: the reveal is up, its stage shows the cards face down, and
  // no card has turned yet.
  await expect(reveal).toBeVisible();
  await expect(reveal.locator(".reveal__stage").locator("canvas, .fx-card").first()).toBeVisible();
  await expect(reveal.getByRole("button", { name: /Skip/ })).toBeVisible();
  await expect(reveal.getByTestId("revealed-card")).toHaveCount(0);
  await expect(reveal.getByText(/^3 cards - [0-3] new$/)).toHaveCount(0);

  held.release();
  await expect(reveal.getByTestId("revealed-card")).toHaveCount(3);
  await expect(reveal.getByText(/^3 cards - [0-3] new$/)).toBeVisible();
  await expect(reveal.getByRole("button", { name: "Awesome!" })).toBeVisible();
  await expect(reveal.getByRole("button", { name: "Open Another Pack" })).toBeVisible();
});

test("the reveal opens on the pack: a swipe along its top tears it and the cards come out, before the server has answered", async ({ page }) => {
  await withoutWebGL(page);
  const { held, reveal } = await tapHeldPack(page, "tearpack", "Velvet Night");
  // This test is about the pack: the shared handler must not tear it for the player.
  await page.removeLocatorHandler(page.locator(".reveal:not(.reveal--rehearsal) .pack-tear:not(.is-torn)"));
  const pack = reveal.getByRole("button", { name: "Tear open the Velvet Night pack" });
  await expect(pack).toBeVisible();
  await expect(reveal.getByText("Swipe or tap to tear")).toBeVisible();
  await expect(reveal.locator(".fx-card")).toHaveCount(0);
  // The pack is as wide as a phone allows and Skip is there from the first frame.
  await expect(reveal.getByRole("button", { name: /Skip/ })).toBeVisible();

  const box = (await pack.locator(".pack-tear__pack").boundingBox())!;
  const y = box.y + box.height * 0.18;
  await page.mouse.move(box.x + box.width * 0.15, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.85, y, { steps: 6 });
  await page.mouse.up();
  // The backs are out (still face down: the server has not answered) and the pack is gone.
  await expect(reveal.locator(".fx-card")).toHaveCount(3);
  await expect(pack).toHaveCount(0);
  await expect(reveal.getByTestId("revealed-card")).toHaveCount(0);
  held.release();
  await expect(reveal.getByRole("button", { name: "Awesome!" })).toBeVisible({ timeout: 20_000 });
  await expect(reveal.getByTestId("revealed-card")).toHaveCount(3);
});

test("with reduced motion the pack is calm: it stays still, and a tap fades it out to the cards", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await withoutWebGL(page);
  const { held, reveal } = await tapHeldPack(page, "calmpack", "Velvet Night");
  await page.removeLocatorHandler(page.locator(".reveal:not(.reveal--rehearsal) .pack-tear:not(.is-torn)"));
  const pack = reveal.getByRole("button", { name: "Tear open the Velvet Night pack" });
  await expect(pack).toHaveClass(/is-calm/);
  // Nothing floats or pulses.
  expect(await pack.locator(".pack-tear__pack").evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
  await pack.click();
  await expect(reveal.locator(".fx-card")).toHaveCount(3);
  await expect(pack).toHaveCount(0);
  held.release();
  await expect(reveal.getByRole("button", { name: "Awesome!" })).toBeVisible({ timeout: 20_000 });
});

test("Skip before the pack is torn goes straight to the cards", async ({ page }) => {
  await withoutWebGL(page);
  const { held, reveal } = await tapHeldPack(page, "skiptear", "Velvet Night");
  await page.removeLocatorHandler(page.locator(".reveal:not(.reveal--rehearsal) .pack-tear:not(.is-torn)"));
  await expect(reveal.getByRole("button", { name: "Tear open the Velvet Night pack" })).toBeVisible();
  await reveal.getByRole("button", { name: /Skip/ }).click();
  await expect(reveal.locator(".pack-tear")).toHaveCount(0);
  held.release();
  await expect(reveal.getByRole("button", { name: "Awesome!" })).toBeVisible();
  await expect(reveal.locator(".fx-card.is-face")).toHaveCount(3);
});

test("Skip pressed before the server answers shows the final layout as soon as the cards arrive", async ({ page }) => {
  await withoutWebGL(page);
  const { held, reveal } = await tapHeldPack(page, "skipearly", "Bathhouse");
  await expect(reveal.locator(".fx-card")).toHaveCount(3);
  await reveal.getByRole("button", { name: /Skip/ }).click();
  // Nothing to show yet: the backs stay, no card is listed.
  await expect(reveal.getByTestId("revealed-card")).toHaveCount(0);

  held.release();
  // The final layout: every card face up at once (the skipped state, not the turns played out),
  // the texts and the buttons.
  await expect(reveal.getByRole("button", { name: "Awesome!" })).toBeVisible();
  await expect(reveal.locator(".fx-dom.is-skipped")).toHaveCount(1);
  await expect(reveal.locator(".fx-card.is-face")).toHaveCount(3);
  // The faces are drawn right after (each card's canvas takes the card's portrait shape).
  await expect
    .poll(() => reveal.locator("canvas.fx-card__face").evaluateAll((faces) => faces.filter((c) => (c as HTMLCanvasElement).height > (c as HTMLCanvasElement).width).length))
    .toBe(3);
  await expect(reveal.getByTestId("revealed-card")).toHaveCount(3);
  await expect(reveal.getByText(/^3 cards - [0-3] new$/)).toBeVisible();
  await expect(reveal.getByRole("button", { name: /Skip/ })).toHaveCount(0);
  await reveal.getByRole("button", { name: "Awesome!" }).click();
  await expect(reveal).toBeHidden();
});

test("a keyboard player skips with Enter and closes with Enter: focus goes from Skip to 'Awesome!'", async ({ page }) => {
  await withoutWebGL(page);
  const { held, reveal } = await tapHeldPack(page, "skipkeys", "Velvet Night");
  const skip = reveal.getByRole("button", { name: /Skip/ });
  await expect(skip).toBeFocused();
  held.release();
  await page.keyboard.press("Enter");
  // Skip stays in the page, unseen, until focus has moved to the first button; then it is gone.
  const awesome = reveal.getByRole("button", { name: "Awesome!" });
  await expect(awesome).toBeFocused();
  await expect(skip).toHaveCount(0);
  await expect(reveal.getByTestId("revealed-card")).toHaveCount(3);
  await page.keyboard.press("Enter");
  await expect(reveal).toBeHidden();
});

test("while the reveal is up the page behind is out of reach: hidden from assistive technology, Tab stays in the dialog", async ({ page }) => {
  await withoutWebGL(page);
  const scrollHeight = () => page.evaluate(() => document.documentElement.scrollHeight);
  await signUp(page, uniqueName("modal"));
  const held = await holdOpenPack(page);
  const tile = packTile(page, "Velvet Night");
  // The page's height once the packs are on it: measured before they arrive, it was the window's.
  await expect(tile).toBeVisible();
  const pageHeight = await scrollHeight();
  await tile.click();
  await held.requested;
  const reveal = page.getByRole("dialog", { name: "Velvet Night Pack Opened!" });
  // Hidden once the overlay's first frame is drawn (PackRevealOverlay): not in the accessibility tree.
  await expect(tile).toHaveCount(0);
  // And not rendered under the opaque overlay once it has faded in (base.css, #root.is-covered),
  // keeping its size (the scroll position stays): the page's scroll height is the one it had.
  const root = page.locator("#root");
  await expect(root).toHaveClass(/\bis-covered\b/);
  expect(await root.evaluate((el) => getComputedStyle(el).contentVisibility)).toBe("hidden");
  expect(await scrollHeight()).toBe(pageHeight);
  held.release();
  await expect(reveal.getByRole("button", { name: "Awesome!" })).toBeFocused();
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Tab");
    expect(await reveal.evaluate((dialog) => dialog.contains(document.activeElement)), `focus after ${i + 1} Tab presses`).toBe(true);
  }
  await page.keyboard.press("Shift+Tab");
  expect(await reveal.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  await reveal.getByRole("button", { name: "Awesome!" }).click();
  await expect(reveal).toBeHidden();
  // Closed: the page is back, focus on the pack that was opened.
  await expect(tile).toBeFocused();
  await expect(root).not.toHaveClass(/\bis-covered\b/);
});

test.describe("on the PixiJS stage", () => {
  // WebGL is drawn in software here (seconds a frame at desktop size): a small window keeps this
  // test's frames cheap; the stage's drawing is the same at any size.
  test.use({ viewport: { width: 480, height: 640 } });

  test("the PixiJS stage, forced where the game would pick the DOM one, still plays a reveal to its end", async ({ page }) => {
    // This machine's Chromium draws WebGL in software, so the game picks the DOM reveal
    // (effects/webglSupport.ts); phones and desktops with a GPU get PixiJS. Force it to keep that
    // stage covered by a browser test.
    await page.addInitScript(() => localStorage.setItem("foilbound-effects-stage", "pixi"));
    // Issue 13: Pixi warned "a textureSource was destroyed while still bound to a shader" after
    // every reveal. Two reveals below must leave the console clean of it.
    const pixiWarnings: string[] = [];
    page.on("console", (m) => {
      if (/destroyed while still bound|\[BindGroup\]/.test(m.text())) pixiWarnings.push(m.text());
    });
    // Live WebGL textures (created minus deleted): a second reveal must not add to the first's.
    await page.addInitScript(() => {
      const w = window as unknown as { __liveTextures: number };
      w.__liveTextures = 0;
      for (const C of [WebGLRenderingContext, WebGL2RenderingContext]) {
        const create = C.prototype.createTexture;
        const remove = C.prototype.deleteTexture;
        C.prototype.createTexture = function (this: WebGLRenderingContext) {
          w.__liveTextures += 1;
          return create.call(this);
        } as typeof create;
        C.prototype.deleteTexture = function (this: WebGLRenderingContext, t: WebGLTexture | null) {
          if (t) w.__liveTextures -= 1;
          return remove.call(this, t);
        } as typeof remove;
      }
    });
    const liveTextures = () => page.evaluate(() => (window as unknown as { __liveTextures: number }).__liveTextures);
    await signUp(page, uniqueName("pixistage"));
    // A player looks at the packs screen a moment: the stage warms up in idle time.
    await expect(page.locator("html[data-effects-stage='pixi-ready']")).toHaveCount(1, { timeout: 30_000 });
    await packTile(page, "Velvet Night").click();
    const reveal = page.getByRole("dialog", { name: "Velvet Night Pack Opened!" });
    await expect(reveal.locator(".reveal__stage canvas").first()).toBeVisible();
    await expect(reveal.locator(".fx-dom")).toHaveCount(0);
    await expect(reveal.getByRole("button", { name: "Awesome!" })).toBeVisible({ timeout: 30_000 });
    await expect(reveal.getByTestId("revealed-card")).toHaveCount(3);
    await expect(reveal.locator(".reveal__stage canvas").first()).toBeVisible();

    // A second reveal on the same stage, then close it: the first one's textures were released.
    const afterFirst = await liveTextures();
    await reveal.getByRole("button", { name: "Open Another Pack" }).click();
    await expect(reveal.getByRole("button", { name: "Awesome!" })).toBeVisible({ timeout: 30_000 });
    await expect(reveal.getByTestId("revealed-card")).toHaveCount(3);
    expect(await liveTextures()).toBeLessThanOrEqual(afterFirst);
    await reveal.getByRole("button", { name: "Awesome!" }).click();
    await expect(reveal).toBeHidden();
    expect(pixiWarnings).toEqual([]);
  });
});

/** What the page records of the overlay's rehearsal (the test below). */
interface RehearsalWatch {
  __overlay: { seen: number; shown: string[]; touched: string[]; buttons: boolean };
}

test("the packs screen rehearses the reveal's overlay unseen, as at a tap and as after Skip, leaving the page behind as it was", async ({ page }) => {
  // Watches the overlay's rehearsal while it is there (a few frames): how it is shown, whether it
  // got to the buttons, and whether the page behind was touched as the real reveal touches it.
  await page.addInitScript(() => {
    const w = window as unknown as RehearsalWatch;
    w.__overlay = { seen: 0, shown: [], touched: [], buttons: false };
    let present = false;
    new MutationObserver(() => {
      const layer = document.querySelector<HTMLElement>(".reveal--rehearsal");
      if (layer && !present) {
        w.__overlay.seen += 1;
        const style = getComputedStyle(layer);
        w.__overlay.shown.push(`${style.opacity}/${style.pointerEvents}/${layer.getAttribute("aria-hidden")}`);
      }
      present = layer !== null;
      if (!layer) return;
      if (document.getElementById("root")?.hasAttribute("aria-hidden")) w.__overlay.touched.push("root hidden");
      if (document.body.classList.contains("has-dialog")) w.__overlay.touched.push("scroll locked");
      if (document.querySelector("[role=dialog]")) w.__overlay.touched.push("a dialog");
      if (layer.contains(document.activeElement)) w.__overlay.touched.push("focus taken");
      // The pack to tear is the tap's first frame (issue 44); anything else on the stage is a deal.
      if (layer.querySelector(".reveal__stage > :not(.pack-tear)")) w.__overlay.touched.push("cards dealt");
      if ([...layer.querySelectorAll(".reveal__actions button")].some((b) => b.textContent?.includes("Awesome!"))) w.__overlay.buttons = true;
    }).observe(document, { childList: true, subtree: true, attributes: true });
    // Focus moves without a mutation: looked at on every focus change too.
    document.addEventListener("focusin", () => {
      const layer = document.querySelector(".reveal--rehearsal");
      if (layer?.contains(document.activeElement)) w.__overlay.touched.push("focus taken");
    }, true);
  });
  await signUp(page, uniqueName("overlayrh"));
  const overlay = () => page.evaluate(() => (window as unknown as RehearsalWatch).__overlay);
  await expect.poll(async () => (await overlay()).seen, { timeout: 30_000 }).toBe(1);
  await expect(page.locator(".reveal")).toHaveCount(0);
  const { shown, touched, buttons } = await overlay();
  expect(shown).toEqual(["0.001/none/true"]);
  expect(buttons).toBe(true);
  expect(touched).toEqual([]);
  // The real reveal afterwards is the usual one, and no second rehearsal comes.
  await packTile(page, "Velvet Night").click();
  const reveal = page.getByRole("dialog", { name: "Velvet Night Pack Opened!" });
  await expect(reveal.getByRole("button", { name: "Awesome!" })).toBeVisible({ timeout: 20_000 });
  await expect(page.locator(".reveal")).toHaveCount(1);
  await reveal.getByRole("button", { name: "Awesome!" }).click();
  await expect(page.locator(".reveal")).toHaveCount(0);
  expect((await overlay()).seen).toBe(1);
});

test("without WebGL the packs screen rehearses the deal out of sight in idle time and leaves nothing behind", async ({ page }) => {
  await withoutWebGL(page);
  // Counts the rehearsals' hosts as they come (each is there for two frames only).
  await page.addInitScript(() => {
    const w = window as unknown as { __rehearsals: number };
    w.__rehearsals = 0;
    new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) if (n instanceof HTMLElement && n.classList.contains("fx-rehearsal")) w.__rehearsals += 1;
    }).observe(document, { childList: true, subtree: true });
  });
  await signUp(page, uniqueName("rehearse"));
  await expect.poll(() => page.evaluate(() => (window as unknown as { __rehearsals: number }).__rehearsals), { timeout: 30_000 }).toBeGreaterThan(0);
  await expect(page.locator(".fx-rehearsal, .fx-card")).toHaveCount(0);
  await packTile(page, "Velvet Night").click();
  const reveal = page.getByRole("dialog", { name: "Velvet Night Pack Opened!" });
  await expect(reveal.getByRole("button", { name: "Awesome!" })).toBeVisible({ timeout: 20_000 });
  // The pack's own cards only: none dealt by a rehearsal stays in the page.
  await expect(page.locator(".fx-card")).toHaveCount(3);
  await expect(reveal.locator(".fx-card")).toHaveCount(3);
});

for (const size of ["desktop", "phone"] as const) {
  test(`after the reveal the pack's cards sit in SPEC.md's 3-column grid on a ${size}${size === "phone" ? " @phone" : ""}`, async ({ page }) => {
    await withoutWebGL(page);
    await signUp(page, uniqueName("grid3"));
    await packTile(page, "Velvet Night").click();
    const reveal = page.getByRole("dialog", { name: "Velvet Night Pack Opened!" });
    await expect(reveal.getByRole("button", { name: "Awesome!" })).toBeVisible({ timeout: 20_000 });
    const boxes = await reveal.locator(".fx-card").evaluateAll((cards) => cards.map((c) => c.getBoundingClientRect().toJSON() as DOMRect));
    expect(boxes).toHaveLength(3);
    // One row of three, left to right, all on screen.
    const viewport = page.viewportSize()!;
    expect(new Set(boxes.map((b) => Math.round(b.top))).size).toBe(1);
    const byX = [...boxes].sort((a, b) => a.left - b.left);
    for (let i = 1; i < 3; i++) expect(byX[i]!.left).toBeGreaterThanOrEqual(byX[i - 1]!.right);
    for (const b of boxes) {
      expect(b.left).toBeGreaterThanOrEqual(0);
      expect(b.right).toBeLessThanOrEqual(viewport.width);
    }
  });
}

/** Notes when the overlay's rehearsal has been and gone: it is where the buttons' room is learnt. */
async function watchRehearsal(page: Page): Promise<() => Promise<void>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __rehearsed: boolean };
    w.__rehearsed = false;
    new MutationObserver((records) => {
      for (const r of records) for (const n of r.removedNodes) if (n instanceof HTMLElement && n.classList.contains("reveal--rehearsal")) w.__rehearsed = true;
    }).observe(document, { childList: true, subtree: true });
  });
  return () => expect.poll(() => page.evaluate(() => (window as unknown as { __rehearsed: boolean }).__rehearsed), { timeout: 30_000 }).toBe(true);
}

/** Opens a pack held at the server, skips once it answers: the cards stay where they were dealt. */
async function expectCardsKeepTheirPlace(page: Page): Promise<void> {
  const held = await holdOpenPack(page);
  await packTile(page, "Velvet Night").click();
  await held.requested;
  const reveal = page.getByRole("dialog", { name: "Velvet Night Pack Opened!" });
  // Where the stage put each card (its layout, not the deal's motion), and the buttons' room.
  const places = () =>
    reveal.evaluate((layer) => ({
      cards: [...layer.querySelectorAll<HTMLElement>(".fx-card")].map((c) => `${c.offsetLeft},${c.offsetTop},${c.offsetWidth}`),
      room: layer.querySelector<HTMLElement>(".reveal__actions")!.offsetHeight,
    }));
  await expect(reveal.locator(".fx-card")).toHaveCount(3);
  await expect.poll(async () => (await places()).cards.every((c) => !c.endsWith(",0"))).toBe(true);
  const dealt = await places();
  held.release();
  await reveal.getByRole("button", { name: /Skip/ }).click();
  await expect(reveal.getByRole("button", { name: "Awesome!" })).toBeVisible();
  expect(await places()).toEqual(dealt);
}

test("the cards keep their place when the buttons come at the end of a reveal @phone", async ({ page }) => {
  await withoutWebGL(page);
  const rehearsed = await watchRehearsal(page);
  await signUp(page, uniqueName("steady"));
  await rehearsed();
  await expectCardsKeepTheirPlace(page);
});

test("after the window narrows, the next reveals keep their cards in place again", async ({ page }) => {
  await withoutWebGL(page);
  const rehearsed = await watchRehearsal(page);
  await signUp(page, uniqueName("narrowed"));
  // The rehearsal learns the buttons' room on a wide window, where they sit on one line.
  await rehearsed();
  // Narrowed to a phone's width, the buttons wrap: the wide window's room is too small for them.
  await page.setViewportSize({ width: 390, height: 844 });
  await packTile(page, "Velvet Night").click();
  const first = page.getByRole("dialog", { name: "Velvet Night Pack Opened!" });
  // Skipped if still playing: on a loaded machine this reveal (reduced motion) can end before a
  // pointer click lands, and then the click waits for a Skip that is gone.
  await expect(first.getByRole("button", { name: /Skip|Awesome!/ }).first()).toBeVisible();
  await first.evaluate((dialog) => dialog.querySelector<HTMLButtonElement>(".reveal__skip")?.click());
  await first.getByRole("button", { name: "Awesome!" }).click();
  await expect(first).toBeHidden();
  // That reveal learnt the room at this width: the next one keeps its cards still.
  await expectCardsKeepTheirPlace(page);
});

test("a Mythic pull lights the whole overlay, title and buttons included, behind the cards", async ({ page }) => {
  await withoutWebGL(page);
  await signUp(page, uniqueName("mythic"));
  // The server's pack, with its first card swapped for set 1's Mythic (the pull itself is random).
  const mythic = SETS[0]!.characters
    .map((character) => ({ character, background: "", set: 1, isHolo: true, isGlitch: false, isDarkHolo: false }))
    .find((c) => tierOf(c) === "Mythic")!;
  await page.route("**/api/open-pack", async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { cards: Array<Record<string, unknown>> };
    body.cards[0] = { ...body.cards[0], ...mythic, points: pointsOf(mythic), tier: "Mythic" };
    await route.fulfill({ response: res, json: body });
  });
  await packTile(page, "Velvet Night").click();
  const reveal = page.getByRole("dialog", { name: "Velvet Night Pack Opened!" });
  await expect(reveal.getByRole("button", { name: "Awesome!" })).toBeVisible({ timeout: 20_000 });
  const panel = reveal.locator(".reveal__panel");
  await expect(panel).toHaveClass(/is-celebrating-mythic/);
  // The light spans the whole screen (not the stage's box) and stays lit behind the cards.
  const light = () =>
    panel.evaluate((el) => {
      const style = getComputedStyle(el, "::before");
      const box = el.getBoundingClientRect();
      return { opacity: Number(style.opacity), width: box.width, height: box.height, image: style.backgroundImage };
    });
  const viewport = page.viewportSize()!;
  const lit = await light();
  expect(lit.width).toBe(viewport.width);
  expect(lit.height).toBe(viewport.height);
  expect(lit.image).toContain("radial-gradient");
  // The rarest card turns last, so the light may only just be rising when the buttons appear.
  await expect.poll(async () => (await light()).opacity).toBeGreaterThan(0.3);
});


test("a Mythic dark holo turns last and waits for the player's tap, its back tinted; the count is honest", async ({ page }) => {
  await withoutWebGL(page);
  // This test is about the wait: the shared handler must not tap for the player.
  await page.removeLocatorHandler(page.locator(".reveal__tap"));
  await signUp(page, uniqueName("heldcard"));
  // The server's pack with its last card (as dealt) made set 1's best dark holo, and a repeat of
  // the first card (not new): RULES.md's reveal order and the honest count line.
  const dark = SETS[0]!.characters
    .map((character) => ({ character, background: "", set: 1, isHolo: false, isGlitch: false, isDarkHolo: true }))
    .sort((a, b) => pointsOf(b) - pointsOf(a))[0]!;
  await page.route("**/api/open-pack", async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { cards: Array<Record<string, unknown>> };
    body.cards[2] = { ...body.cards[2], ...dark, points: pointsOf(dark), tier: tierOf(dark) };
    body.cards[1] = { ...body.cards[0], id: body.cards[1]!.id, isNew: false };
    await route.fulfill({ response: res, json: body });
  });
  await packTile(page, "Velvet Night").click();
  const reveal = page.getByRole("dialog", { name: "Velvet Night Pack Opened!" });
  const tap = reveal.getByRole("button", { name: "Tap to reveal" });
  await expect(tap).toBeVisible({ timeout: 20_000 });
  // The other two have turned; the best (dealt first) waits, tinted, and nothing ends.
  await expect(reveal.getByTestId("revealed-card")).toHaveCount(2);
  await expect(reveal.locator(".fx-card").first()).toHaveClass(/is-held/);
  await page.waitForTimeout(1500);
  await expect(reveal.getByTestId("revealed-card")).toHaveCount(2);
  await expect(reveal.getByRole("button", { name: "Awesome!" })).toHaveCount(0);
  await expect(reveal.getByTestId("revealed-card").filter({ hasText: "Dark Holo" })).toHaveCount(0);

  await tap.click();
  await expect(reveal.getByRole("button", { name: "Awesome!" })).toBeVisible();
  await expect(reveal.getByTestId("revealed-card")).toHaveCount(3);
  await expect(reveal.getByTestId("revealed-card").first()).toContainText("Dark Holo");
  await expect(reveal.locator(".fx-card.is-held")).toHaveCount(0);
  // Two distinct cards were new at most: the repeat counts once.
  await expect(reveal.getByText(/^3 cards - [0-2] new$/)).toBeVisible();
});
