import type { Page } from "@playwright/test";
import { MSG } from "@contract/messages";
import { PASSWORD, expectAccessible, expectShell, openSettings, signOut, signUp, submitLogin, uniqueName } from "./support/game";
import { expect, test } from "./support/test";

// Issue 46 item 2 in the browser, at phone size: Chromium's virtual authenticator (CDP WebAuthn)
// stands in for the phone's screen lock. A player adds a passkey in Account Settings, signs out,
// and signs back in with it; another confirms the deletion of their account with one.

async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { credentials: async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials };
}

async function addPasskey(page: Page, name: string) {
  const settings = await openSettings(page);
  const section = settings.getByRole("region", { name: "Passkeys" });
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByText("No passkeys yet.")).toBeVisible();
  await section.getByLabel("Passkey name").fill(name);
  await section.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByText(MSG.passkeyAdded)).toBeVisible();
  await expect(section.getByRole("list", { name: "Your passkeys" }).getByRole("listitem")).toHaveCount(1);
  await expect(section.getByRole("listitem")).toContainText(name);
  await expect(section.getByRole("listitem")).toContainText("not used yet");
  return { settings, section };
}

test("@phone a player adds a passkey in Account Settings, signs out, and signs back in with it", async ({ page }) => {
  test.slow();
  const authenticator = await virtualAuthenticator(page);
  const name = uniqueName("pk");
  await signUp(page, name);

  const { section } = await addPasskey(page, "Test phone");
  const [credential] = await authenticator.credentials();
  expect(credential).toMatchObject({ isResidentCredential: true, rpId: "localhost" });
  await expectAccessible(page, "account settings with a passkey");

  await page.keyboard.press("Escape");
  await expect(section).toBeHidden();
  await signOut(page);

  // No username typed: the browser offers this site's passkey (the authenticator answers by itself).
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expectShell(page);
  const me = await page.request.get("/api/user");
  expect(me.status()).toBe(200);
  expect((await me.json()).username).toBe(name);

  const settings = await openSettings(page);
  await expect(settings.getByRole("region", { name: "Passkeys" }).getByRole("listitem")).toContainText("last used");

  // Removed, it no longer signs anyone in (the authenticator still holds it).
  await settings.getByRole("button", { name: "Remove passkey Test phone" }).click();
  await expect(page.getByText(MSG.passkeyRemoved)).toBeVisible();
  await expect(settings.getByText("No passkeys yet.")).toBeVisible();
  await page.keyboard.press("Escape");
  await signOut(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByText(MSG.passkeyNotRecognised)).toBeVisible();
  expect((await page.request.get("/api/user")).status()).toBe(401);
});

test("@phone a player confirms the deletion of their account with a passkey", async ({ page }) => {
  test.slow();
  await virtualAuthenticator(page);
  await signUp(page, uniqueName("pkdel"));
  const { settings } = await addPasskey(page, "Laptop");

  const danger = settings.getByRole("region", { name: "Delete my account" });
  await danger.scrollIntoViewIfNeeded();
  await danger.getByRole("button", { name: "Delete my account..." }).click();
  await danger.getByRole("button", { name: "Use a passkey instead" }).click();
  await expect(page.getByText(MSG.accountDeleted)).toBeVisible();
  await expect(page.getByRole("button", { name: "Begin Adventure" })).toBeVisible();
  expect((await page.request.get("/api/user")).status()).toBe(401);
  // The passkey went with the account.
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByText(MSG.passkeyNotRecognised)).toBeVisible();
});

test("@phone a player with a passkey removes the password, signs in with the passkey only, and sets a password again", async ({ page }) => {
  test.slow();
  await virtualAuthenticator(page);
  const name = uniqueName("pkonly");
  await signUp(page, name);
  const { settings } = await addPasskey(page, "Phone");

  // Issue 46 item 2, "keep the password or not": confirmed with the current password.
  const password = settings.getByRole("region", { name: "Password" });
  await password.scrollIntoViewIfNeeded();
  await password.getByRole("button", { name: "Remove password..." }).click();
  const removal = password.getByRole("form", { name: "Remove password" });
  await removal.getByLabel("Current password").fill(PASSWORD);
  await removal.getByRole("button", { name: "Remove password" }).click();
  await expect(page.getByText(MSG.passwordRemoved)).toBeVisible();
  await expect(password.getByText(MSG.passkeysOnly)).toBeVisible();
  await expect(password.getByRole("button", { name: "Change Password" })).toHaveCount(0);
  // The only passkey stays while there is no password; e-mail and deletion ask for a passkey, not a password.
  const passkeys = settings.getByRole("region", { name: "Passkeys" });
  await expect(passkeys.getByRole("button", { name: "Remove passkey Phone" })).toBeDisabled();
  await expect(passkeys.getByText(MSG.lastPasskeyNeedsPassword)).toBeVisible();
  await expect(settings.getByRole("region", { name: "Email" }).getByLabel("Current password")).toHaveCount(0);
  const danger = settings.getByRole("region", { name: "Delete my account" });
  await danger.getByRole("button", { name: "Delete my account..." }).click();
  await expect(danger.getByRole("button", { name: "Delete with a passkey" })).toBeVisible();
  await expect(danger.getByLabel("Current password")).toHaveCount(0);
  await danger.getByRole("button", { name: "Cancel" }).click();
  await expectAccessible(page, "account settings without a password");

  await page.keyboard.press("Escape");
  await signOut(page);
  // The old password signs nobody in (the wrong password's answer); the passkey does.
  await submitLogin(page, name, PASSWORD);
  await expect(page.getByText(MSG.wrongPassword)).toBeVisible();
  expect((await page.request.get("/api/user")).status()).toBe(401);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expectShell(page);
  expect(await (await page.request.get("/api/user")).json()).toMatchObject({ username: name, hasPassword: false });

  // A password again, confirmed with the passkey; then it signs in.
  const again = await openSettings(page);
  const setForm = again.getByRole("form", { name: "Set a password" });
  await setForm.scrollIntoViewIfNeeded();
  await setForm.getByLabel("New password", { exact: true }).fill("fresh-lantern-77");
  await setForm.getByLabel("Confirm new password").fill("fresh-lantern-77");
  await setForm.getByRole("button", { name: "Set a password" }).click();
  await expect(page.getByText(MSG.passwordSet)).toBeVisible();
  await expect(again.getByRole("region", { name: "Password" }).getByRole("button", { name: "Change Password" })).toBeVisible();
  await page.keyboard.press("Escape");
  await signOut(page);
  await submitLogin(page, name, "fresh-lantern-77");
  await expectShell(page);
});
