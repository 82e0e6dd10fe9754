import { expect, test } from "@playwright/test";
import { MSG } from "@contract/messages";
import { PASSWORD, createAccount, expectAccessible, expectShell, openSettings, signOut, signUpThroughForm, submitLogin, uniqueName } from "./support/game";

test("a player whose name was taken chooses a username before playing", async ({ page }) => {
  const alpha = uniqueName("alpha1");
  const bravo = uniqueName("bravo1");
  await signUpThroughForm(page, alpha);

  // Player A takes the display name 'bravo1...' in the settings.
  const settings = await openSettings(page);
  const nameField = settings.getByRole("textbox", { name: "Display name" });
  await expect(nameField).toHaveValue(alpha);
  await expect(nameField).toHaveAttribute("placeholder", "Enter display name (2-20 characters)");
  await nameField.fill(bravo);
  await expect(settings.getByText(MSG.displayNameAvailable)).toBeVisible();
  await settings.getByRole("button", { name: "Save Display Name" }).click();
  await expect(page.getByText(MSG.displayNameSaved)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: new RegExp(bravo) })).toBeVisible();
  await signOut(page);

  // 'bravo1...' as a username is free, but not as a display name: the account starts without one.
  await createAccount(page, bravo);
  await expect(page.getByRole("heading", { name: "Choose Your Username" })).toBeVisible();
  const continueButton = page.getByRole("button", { name: "Continue to Game" });
  await expect(continueButton).toBeDisabled();
  await expectAccessible(page, "choose-username");

  const field = page.getByRole("textbox", { name: "Username" });
  await field.fill(bravo);
  await expect(page.getByText(MSG.displayNameTaken)).toBeVisible();
  await expect(continueButton).toBeDisabled();

  await field.fill("x");
  await expect(page.getByText(MSG.displayNameTaken)).toBeHidden();
  await expect(continueButton).toBeDisabled();

  await field.fill("bad name");
  await expect(page.getByText(MSG.displayNameInvalid)).toBeVisible();

  const chosen = uniqueName("charlie");
  await field.fill(chosen);
  await expect(page.getByText(MSG.displayNameAvailable)).toBeVisible();
  await expect(continueButton).toBeEnabled();
  await continueButton.click();
  await expectShell(page);
  await expect(page.getByRole("button", { name: new RegExp(chosen) })).toBeVisible();
});

test("settings: email with the password rule, and a password change", async ({ page }) => {
  // A form sign-up, eleven settings steps, a sign-out and two logins: 55-65 s on a loaded CI machine.
  test.slow();
  const username = uniqueName("settings");
  const newPassword = "fresh-pass9";
  await signUpThroughForm(page, username);
  const settings = await openSettings(page);
  await expect(settings.getByLabel("Email address")).toHaveValue("");
  await expectAccessible(page, "account settings");

  // Email: validated, checked, then saved with the password.
  const email = settings.getByLabel("Email address");
  const save = settings.getByRole("button", { name: "Save Email" });
  await email.fill("not-an-address");
  await expect(settings.getByText(MSG.emailInvalid)).toBeVisible();
  await expect(save).toBeDisabled();
  const address = `${username}@example.com`;
  await email.fill(address);
  await expect(settings.getByText(MSG.emailAvailable)).toBeVisible();
  await save.click();
  await expect(settings.getByText(MSG.emailPasswordRequiredChange)).toBeVisible();
  const emailSection = settings.getByRole("region", { name: /Email/ });
  await emailSection.getByLabel("Current password").fill(PASSWORD);
  await save.click();
  await expect(page.getByText(MSG.emailSaved)).toBeVisible();
  await expect(email).toHaveValue(address);

  // Removing it also needs the password.
  await email.fill("");
  const remove = settings.getByRole("button", { name: "Remove Email" });
  await remove.click();
  await expect(settings.getByText(MSG.emailPasswordRequiredRemove)).toBeVisible();
  await emailSection.getByLabel("Current password").fill(PASSWORD);
  await remove.click();
  await expect(page.getByText(MSG.emailRemoved)).toBeVisible();

  // Password: local rules first, then the server's answer, then success.
  const passwordSection = settings.getByRole("region", { name: "Password" });
  const change = passwordSection.getByRole("button", { name: "Change Password" });
  await change.click();
  await expect(passwordSection.getByRole("alert")).toHaveText(MSG.passwordFieldsRequired);
  await passwordSection.getByLabel("Current password").fill(PASSWORD);
  await passwordSection.getByLabel("New password", { exact: true }).fill("short");
  await passwordSection.getByLabel("Confirm new password").fill("short");
  await change.click();
  await expect(passwordSection.getByRole("alert")).toHaveText(MSG.newPasswordTooShort);
  await passwordSection.getByLabel("New password", { exact: true }).fill(newPassword);
  await passwordSection.getByLabel("Confirm new password").fill(newPassword + "x");
  await change.click();
  await expect(passwordSection.getByRole("alert")).toHaveText(MSG.passwordsDoNotMatch);
  await passwordSection.getByLabel("Current password").fill("not-my-pass");
  await passwordSection.getByLabel("Confirm new password").fill(newPassword);
  await change.click();
  await expect(passwordSection.getByRole("alert")).toHaveText(MSG.currentPasswordWrong);
  await passwordSection.getByLabel("Current password").fill(PASSWORD);
  await change.click();
  await expect(page.getByText(MSG.passwordSaved)).toBeVisible();

  await page.keyboard.press("Escape");
  await expect(settings).toBeHidden();
  await signOut(page);
  await submitLogin(page, username, PASSWORD);
  await expect(page.getByRole("alert")).toHaveText(MSG.wrongPassword);
  await submitLogin(page, username, newPassword);
  await expectShell(page);
});

test("the settings dialog keeps keyboard focus inside and gives it back on close", async ({ page }) => {
  await signUpThroughForm(page, uniqueName("focus"));
  const opener = page.getByRole("button", { name: /Account Settings/ });
  await opener.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Account Settings" });
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  // Said on failure: where focus went instead (this check once failed on a loaded CI run).
  const focused = () => page.evaluate(() => document.activeElement?.outerHTML.slice(0, 160) ?? "nothing");
  await expect(opener, `focus is on ${await focused()}`).toBeFocused();
});
