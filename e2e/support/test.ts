import { test as base } from "@playwright/test";

// The browser tests' `test`: Playwright's, with the one thing every pack reveal can ask of a player.
// RULES.md, The reveal order: a pack whose best card is Epic or better, or a glitch or dark holo,
// waits for the player's tap before that card turns. Pulls are random, so any test that opens a
// pack and waits for the end taps it as a player would; tests about the wait itself look for the
// button before Playwright's handler does (it runs only while an action or assertion waits).
export const test = base.extend<{ tapHeldCards: void }>({
  tapHeldCards: [
    async ({ page }, use) => {
      await page.addLocatorHandler(page.locator(".reveal__tap"), async (button) => {
        await button.click();
      });
      await use();
    },
    { auto: true },
  ],
});

export { expect } from "@playwright/test";
