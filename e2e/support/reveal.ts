import type { Page } from "@playwright/test";

const handled = new WeakSet<Page>();

/**
 * What every pack reveal asks of a player, done as a player would, on any page of any context
 * (once per page). Issue 44: a reveal opens on the pack, which the player tears. RULES.md, The
 * reveal order: a pack whose best card is Epic or better, or a glitch or dark holo, waits for the
 * player's tap before that card turns. Pulls are random, so a test that opens a pack and waits for
 * the end does both; tests about the pack or the wait look for them before Playwright's handler
 * does (it runs only while an action or assertion waits). The overlay's unseen rehearsal is left alone.
 */
export async function playRevealsLikeAPlayer(page: Page): Promise<void> {
  if (handled.has(page)) return;
  handled.add(page);
  // Short and forgiving: the reveal may close under the handler (a failed open), and a handler
  // that waits for an element that will not come holds the test until its timeout.
  await page.addLocatorHandler(page.locator(".reveal:not(.reveal--rehearsal) .pack-tear:not(.is-torn)"), async (pack) => {
    await pack.click({ timeout: 3000 }).catch(() => {});
  });
  await page.addLocatorHandler(page.locator(".reveal__tap"), async (button) => {
    await button.click({ timeout: 3000 }).catch(() => {});
  });
}

/** Tests about the pack or the wait itself stop the handlers first. */
export async function stopPlayingReveals(page: Page): Promise<void> {
  await page.removeLocatorHandler(page.locator(".reveal:not(.reveal--rehearsal) .pack-tear:not(.is-torn)"));
  await page.removeLocatorHandler(page.locator(".reveal__tap"));
}
