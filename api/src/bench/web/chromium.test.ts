import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";
import { describe, expect, it } from "vitest";
import { PLAYWRIGHT_CHROMIUM } from "./chromium.ts";

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

describe("Playwright's Chromium launch options", () => {
  // Needs the system's Chromium (installed by .ci/run, as the browser tests need it).
  it.skipIf(!existsSync(CHROMIUM_PATH))("pass one --disable-features switch, holding Playwright's list and the unseen omnibox popup", async () => {
    const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, ...PLAYWRIGHT_CHROMIUM });
    try {
      const switches = server.process().spawnargs.filter((arg) => arg.startsWith("--disable-features="));
      expect(switches).toHaveLength(1);
      const features = switches[0]!.slice("--disable-features=".length).split(",");
      // Playwright's own (a newer Playwright with another list leaves its switch in: two, above).
      expect(features).toEqual(expect.arrayContaining(["PaintHolding", "HttpsUpgrades", "WebUIOmniboxPopup", "WebUIOmniboxAimPopup"]));
    } finally {
      await server.close();
    }
  }, 30_000);
});
