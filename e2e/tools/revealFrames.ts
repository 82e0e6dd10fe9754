// Frames of a pack reveal every ~100 ms, to look at beside Pokémon TCG Pocket or Marvel Snap at
// the same beat (issue 44). Against a running game (npm start):
//   BASE_URL=http://localhost:3000 npx tsx e2e/tools/revealFrames.ts <kind> [phone|desktop] [out-dir]
// kind: common (every card Common), legendary, mythic-dark (a Mythic dark holo), open10.
// The pulls are the server's own, with cards swapped for the kind asked for (the pull is random),
// as the browser tests do. WEBGL=0 draws the DOM reveal; the default lets the game choose (this
// machine draws WebGL in software, so the game picks the DOM reveal; STAGE=pixi forces PixiJS).
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { chromium, type Page } from "playwright-core";
import { points as pointsOf, tierOf } from "../../api/src/game/rarity.ts";
import { SETS, type Card } from "../../api/src/game/sets.ts";

const base = process.env.BASE_URL ?? "http://localhost:3000";
const [kind = "mythic-dark", size = "phone", out = `/tmp/frames-${kind}-${size}`] = process.argv.slice(2);
const FRAMES = Number(process.env.FRAMES ?? 60);

type Patch = (cards: Array<Record<string, unknown>>) => void;
const set1 = SETS[0]!;
const variant = (finish: "regular" | "holo" | "darkHolo" | "glitch"): Card[] =>
  set1.characters.map((character) => ({ character, background: "", set: 1, isHolo: finish === "holo", isGlitch: finish === "glitch", isDarkHolo: finish === "darkHolo" }));
const withTier = (card: Card) => ({ ...card, points: pointsOf(card), tier: tierOf(card) });
const patches: Record<string, Patch> = {
  common: (cards) => {
    const commons = variant("regular").filter((c) => tierOf(c) === "Common");
    cards.forEach((c, i) => Object.assign(c, withTier(commons[i % commons.length]!)));
  },
  legendary: (cards) => {
    const card = [...variant("regular"), ...variant("holo")].find((c) => tierOf(c) === "Legendary");
    if (card) Object.assign(cards[1]!, withTier(card));
  },
  "mythic-dark": (cards) => {
    const card = variant("darkHolo").sort((a, b) => pointsOf(b) - pointsOf(a))[0]!;
    Object.assign(cards[2]!, withTier(card));
  },
  open10: (cards) => {
    const card = variant("glitch").sort((a, b) => pointsOf(b) - pointsOf(a))[0]!;
    Object.assign(cards[17]!, withTier(card));
  },
};

async function main() {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--enable-unsafe-swiftshader"] });
  const phone = size === "phone";
  const context = await browser.newContext({
    viewport: phone ? { width: 390, height: 844 } : { width: 1440, height: 900 },
    deviceScaleFactor: phone ? 2 : 1,
    isMobile: phone,
    hasTouch: phone,
    serviceWorkers: "block",
  });
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  const name = `frames${Date.now().toString(36)}`;
  const res = await page.request.post(`${base}/api/auth/register`, {
    data: { username: name, password: "violet-harbour-42", displayName: name, ageConfirmed: true, termsAccepted: true },
    headers: { Origin: base },
  });
  if (res.status() !== 201) throw new Error(`sign-up: ${res.status()} ${await res.text()}`);
  await page.addInitScript(() => {
    localStorage.setItem("foilbound-age-gate", JSON.stringify({ acceptedAt: new Date().toISOString() }));
  });
  if (process.env.STAGE === "pixi") await page.addInitScript(() => localStorage.setItem("foilbound-effects-stage", "pixi"));
  if (process.env.WEBGL === "0") {
    await page.addInitScript(() => {
      const original = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, ...rest: unknown[]) {
        if (type.startsWith("webgl")) return null;
        return (original as (...args: unknown[]) => RenderingContext | null).call(this, type, ...rest);
      } as typeof original;
    });
  }
  await page.route("**/api/open-pack", async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { cards: Array<Record<string, unknown>> };
    patches[kind]!(body.cards);
    await route.fulfill({ response: answer, json: body });
  });
  // A new player's 10 coins pay for ten Velvet Night packs (1 coin each).
  await page.goto(`${base}/`);
  await page.getByRole("button", { name: /^Open Velvet Night pack/ }).waitFor({ timeout: 30_000 });
  await page.waitForTimeout(2500);
  // The compositor's own frames (CDP screencast), kept ~100 ms apart: screenshots one by one
  // took ~0.6 s each here and missed whole beats.
  const cdp = await context.newCDPSession(page);
  // THROTTLE=4: a mid-range phone's CPU; the long tasks of the reveal are printed at the end.
  if (process.env.THROTTLE) {
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: Number(process.env.THROTTLE) });
    await page.evaluate(() => {
      const w = window as unknown as { __tasks: Array<[number, number]> };
      w.__tasks = [];
      new PerformanceObserver((list) => list.getEntries().forEach((e) => w.__tasks.push([Math.round(e.startTime), Math.round(e.duration)]))).observe({ type: "longtask" });
    });
  }
  const frames: Array<{ at: number; data: string }> = [];
  let started = 0;
  cdp.on("Page.screencastFrame", (frame) => {
    void cdp.send("Page.screencastFrameAck", { sessionId: frame.sessionId });
    if (started) frames.push({ at: Date.now() - started, data: frame.data });
  });
  await cdp.send("Page.startScreencast", { format: "jpeg", quality: 70, everyNthFrame: 1 });
  started = Date.now();
  await tap(page, kind === "open10" ? /^Open 10 Velvet Night/ : /^Open Velvet Night pack/);
  // The pack: the player looks at it, then swipes along its top.
  const pack = page.locator(".reveal:not(.reveal--rehearsal) .pack-tear__pack");
  await pack.waitFor({ timeout: 8000 });
  await page.waitForTimeout(700);
  const box = (await pack.boundingBox())!;
  console.log(`tear at ${Date.now() - started} ms`);
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.18);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.9, box.y + box.height * 0.18, { steps: 5 });
  await page.mouse.up();
  const tapButton = page.locator(".reveal__tap");
  await tapButton.waitFor({ timeout: 8000 }).then(
    async () => {
      await page.waitForTimeout(600);
      console.log(`tap to reveal at ${Date.now() - started} ms`);
      await tapButton.click({ force: true });
    },
    () => console.log("no card waited for a tap"),
  );
  await page.waitForTimeout(FRAMES * 100 - (Date.now() - started));
  await cdp.send("Page.stopScreencast");
  if (process.env.THROTTLE) console.log("long tasks [start ms since page load, ms]:", JSON.stringify(await page.evaluate(() => (window as unknown as { __tasks: unknown }).__tasks)), "now", await page.evaluate(() => Math.round(performance.now())));
  let last = -Infinity;
  for (const frame of frames) {
    if (frame.at - last < 95) continue;
    last = frame.at;
    writeFileSync(`${out}/${String(frame.at).padStart(5, "0")}ms.jpg`, Buffer.from(frame.data, "base64"));
  }
  await browser.close();
  console.log(out);
}

async function tap(page: Page, name: RegExp) {
  await page.getByRole("button", { name }).first().click();
}

await main();
