import { MSG } from "@contract/messages";
import { linkIn, startMailReceiver, type MailReceiver } from "../api/src/testing/mailReceiver.ts";
import { expectShell, PASSWORD, submitLogin, uniqueName } from "./support/game";
import { MAIL_APP_URL, MAIL_SMTP_PORT } from "./support/mailServer";
import { expect, test } from "./support/test";

// Issue 46, item 1, in the browser: the game server started with mail on (playwright.config.ts)
// sends to a receiver started here on 127.0.0.1; nothing leaves the machine.
const NEW_PASSWORD = "amber-lantern-77";
let mail: MailReceiver;
test.beforeAll(async () => {
  mail = await startMailReceiver(MAIL_SMTP_PORT);
});
test.afterAll(async () => {
  await mail?.close();
});

test("@phone confirms a new e-mail address, then resets the password through the e-mailed link", async ({ page }) => {
  test.skip(!!process.env.E2E_BASE_URL, "needs the mail-configured server playwright.config.ts starts");
  const username = uniqueName("Mail");
  const email = `${username.toLowerCase()}@players.test`;
  const headers = { Origin: MAIL_APP_URL };
  expect((await page.request.post(`${MAIL_APP_URL}/api/auth/register`, { data: { username, password: PASSWORD, displayName: username, ageConfirmed: true, termsAccepted: true }, headers })).status()).toBe(201);

  // The address changes only once the link sent to it is opened.
  const change = await page.request.put(`${MAIL_APP_URL}/api/user/email`, { data: { email, password: PASSWORD }, headers });
  expect(await change.json()).toMatchObject({ email: null, pendingEmail: email });
  await page.goto(linkIn(await mail.next(email), `${MAIL_APP_URL}/confirm-email?token=`));
  await expect(page.getByText(MSG.emailConfirmed)).toBeVisible();

  // Signed out, "Forgot password?" asks for the username and mails a link.
  await page.context().clearCookies();
  await page.goto(`${MAIL_APP_URL}/`);
  await page.getByRole("button", { name: "I am 18+" }).click();
  await page.getByRole("button", { name: "Forgot password?" }).click();
  const dialog = page.getByRole("dialog", { name: "Forgot your password?" });
  await dialog.getByLabel("Username or email").fill(username);
  await dialog.getByRole("button", { name: "Send reset link" }).click();
  await expect(dialog.getByText(MSG.resetLinkSent)).toBeVisible();
  await dialog.getByRole("button", { name: "Got it" }).click();

  const link = linkIn(await mail.next(email), `${MAIL_APP_URL}/reset-password?token=`);
  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Repeat the new password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText(MSG.passwordResetDone)).toBeVisible();

  // The link is spent.
  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill("other-lantern-88");
  await page.getByLabel("Repeat the new password").fill("other-lantern-88");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText(MSG.resetLinkInvalid)).toBeVisible();

  await page.getByRole("link", { name: "Back to the game" }).click();
  await expect(page.getByLabel("Username")).toBeVisible();
  await submitLogin(page, username, NEW_PASSWORD);
  await expectShell(page);
});
