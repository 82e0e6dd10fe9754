import { test as base } from "@playwright/test";
import { playRevealsLikeAPlayer } from "./reveal";

// The browser tests' `test`: Playwright's, with the pack's tear and the held card's tap done as a
// player would (support/reveal.ts) on the test's page; signing up does the same on other pages.
export const test = base.extend<{ playReveals: void }>({
  playReveals: [
    async ({ page }, use) => {
      await playRevealsLikeAPlayer(page);
      await use();
    },
    { auto: true },
  ],
});

export { expect } from "@playwright/test";
