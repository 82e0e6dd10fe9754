import Router from "@koa/router";
import type { Context } from "koa";
import { CheckEmailBody, ConfirmEmailBody, DeleteAccountBody, DisplayNameBody, RemovePasswordBody, UpdateEmailBody, UpdatePasswordBody } from "../contract/auth.ts";
import { MSG } from "../contract/messages.ts";
import type { Db, Trx } from "../db/knex.ts";
import { MAIL_TEXT, confirmEmailChange, emailConfirmUrl, issueToken } from "../commands/accountLinks.ts";
import type { Mailer } from "../lib/mailer.ts";
import type { User } from "../models/User.ts";
import { removePassword, setDisplayName, updateEmail, updatePassword } from "../commands/accountSettings.ts";
import { requireAuth, signIn } from "../http/auth.ts";
import { clearSessionCookie } from "../http/session.ts";
import { checkDeletionProof, deleteProvenAccount, type DeletionProof } from "../commands/accountDeleter.ts";
import { DeleteWithPasskeyBody } from "../contract/passkeys.ts";
import { relyingPartyOf } from "./passkeys.ts";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { authRateRules, hitRateLimit } from "../http/rateLimit.ts";
import { parseBody } from "../http/validate.ts";
import type { Config } from "../config.ts";
import { presentUser } from "../presenters/user.ts";
import { recordDailyVisit } from "../commands/visitRecorder.ts";
import { setSpendingLimit, spendingLimitOf } from "../commands/spendingLimitSetter.ts";
import { SpendingLimitBody } from "../contract/spending.ts";
import { endOpenCheckouts } from "../commands/purchaseStarter.ts";
import { tightens } from "../game/spendingLimit.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import { rankOf } from "../queries/rank.ts";
import { isDisplayNameFree, isEmailFree, loadUserFresh } from "../queries/users.ts";
import { isValidDisplayName, isValidEmail } from "../contract/rules.ts";

export function accountRoutes(db: Db, config: Config, payments: PaymentProvider | null, mailer: Mailer | null = null) {
  const router = new Router();
  const auth = requireAuth(db);
  const limits = authRateRules(config);
  const limitPasswordCheck = (userId: number) => hitRateLimit(db, limits.perPlayerPasswordCheck, String(userId));
  // A passkey's answer (to /user/passkeys/confirm-options) sent as `passkey` proves it is the player instead of the password.
  const withPasskey = (ctx: Context) => (ctx.request.body as { passkey?: unknown } | undefined)?.passkey !== undefined;
  const proofOf = (ctx: Context, password: string): DeletionProof =>
    withPasskey(ctx) ? { kind: "passkey", response: parseBody(ctx, DeleteWithPasskeyBody).passkey as AuthenticationResponseJSON, rp: relyingPartyOf(ctx, config) } : { kind: "password", password };

  router.get("/user", auth, async (ctx) => {
    ctx.body = presentUser(await recordDailyVisit(db, await loadUserFresh(db, ctx.state.userId)), new Date(), config.tradeUnlock);
  });

  /** RULES.md, Spending limit: the player's monthly limit, the month's paid total, a pending change. */
  router.get("/user/spending-limit", auth, async (ctx) => {
    ctx.set("Cache-Control", "no-store");
    ctx.body = await spendingLimitOf(db, ctx.state.userId);
  });

  router.put("/user/spending-limit", auth, async (ctx) => {
    const { monthlyLimitCents } = parseBody(ctx, SpendingLimitBody);
    // A limit set or lowered applies at once: written first, so every checkout and capture from
    // now on is checked against it, then the open checkouts end at the provider. Asking again for
    // the limit in force ends them again (the provider may not have answered the first time).
    const current = (await spendingLimitOf(db, ctx.state.userId)).monthlyLimitCents;
    await setSpendingLimit(db, ctx.state.userId, monthlyLimitCents);
    if (payments && monthlyLimitCents !== null && (tightens(current, monthlyLimitCents) || current === monthlyLimitCents)) await endOpenCheckouts(db, payments, ctx.state.userId);
    ctx.body = await spendingLimitOf(db, ctx.state.userId);
  });

  /** { rank, players }: the header's and the collection's global rank ('#N', or '--' for null). */
  router.get("/user/rank", auth, async (ctx) => {
    ctx.body = await rankOf(db, ctx.state.userId);
  });

  // Availability checks answer 200 with a reason, so the form can show it next to the field.
  router.post("/check-username", auth, async (ctx) => {
    const raw = (ctx.request.body as { displayName?: unknown })?.displayName;
    const name = typeof raw === "string" ? raw.trim() : "";
    if (!isValidDisplayName(name)) {
      ctx.body = { available: false, error: MSG.displayNameInvalid };
      return;
    }
    const available = await isDisplayNameFree(db, name, ctx.state.userId);
    ctx.body = available ? { available } : { available, error: MSG.displayNameTaken };
  });

  router.post("/set-username", auth, async (ctx) => {
    const { displayName } = parseBody(ctx, DisplayNameBody);
    const user = await setDisplayName(db, ctx.state.userId, displayName);
    ctx.body = { user: presentUser(user, new Date(), config.tradeUnlock) };
  });

  router.get("/user/email", auth, async (ctx) => {
    const user = await loadUserFresh(db, ctx.state.userId);
    ctx.body = { email: user.email };
  });

  router.post("/check-email", auth, async (ctx) => {
    const raw = (ctx.request.body as { email?: unknown })?.email;
    const email = typeof raw === "string" ? raw.trim() : "";
    if (!isValidEmail(email)) {
      ctx.body = { available: false, error: MSG.emailInvalid };
      return;
    }
    const available = await isEmailFree(db, email, ctx.state.userId);
    ctx.body = available ? { available } : { available, error: MSG.emailTaken };
  });

  router.put("/user/email", auth, async (ctx) => {
    const body = parseBody(ctx, UpdateEmailBody);
    const proof = proofOf(ctx, body.password);
    if (body.password || proof.kind === "passkey") await limitPasswordCheck(ctx.state.userId);
    // With mail configured a new address is confirmed first (issue 46): a link goes to it, and
    // the answer names it as pending; removing the address stays immediate.
    let pendingEmail: string | null = null;
    const viaLink = mailer
      ? async (trx: Trx, user: User, email: string) => {
          const link = emailConfirmUrl(config.publicUrl, await issueToken(trx, user.id, "email_change", new Date(), email));
          pendingEmail = email;
          mailer.send({ to: email, subject: MAIL_TEXT.confirmSubject(config.appName), text: MAIL_TEXT.confirmBody(config.appName, user.username, link) });
        }
      : undefined;
    const email = await updateEmail(db, ctx.state.userId, body.email, proof, viaLink);
    ctx.body = pendingEmail ? { email, pendingEmail, message: MSG.emailConfirmSent(pendingEmail) } : { email };
  });

  // The link from that mail; the token is the proof, so it works signed out too.
  router.post("/user/email/confirm", async (ctx) => {
    await hitRateLimit(db, limits.linkUsePerIp, ctx.ip);
    const { token } = parseBody(ctx, ConfirmEmailBody);
    ctx.body = { email: await confirmEmailChange(db, token), message: MSG.emailConfirmed };
  });

  router.put("/user/password", auth, async (ctx) => {
    const body = parseBody(ctx, UpdatePasswordBody);
    const proof = proofOf(ctx, body.currentPassword);
    await limitPasswordCheck(ctx.state.userId);
    await updatePassword(db, ctx.state.userId, proof, body.newPassword);
    await signIn(ctx, db, ctx.state.userId);
    ctx.body = { ok: true };
  });

  // Issue 46 item 2, "keep the password or not": with a passkey, the player may sign in with
  // passkeys only. Every other session ends (as a password change); this device stays signed in.
  router.post("/user/password/remove", auth, async (ctx) => {
    const { currentPassword } = parseBody(ctx, RemovePasswordBody);
    await limitPasswordCheck(ctx.state.userId);
    await removePassword(db, ctx.state.userId, currentPassword);
    await signIn(ctx, db, ctx.state.userId);
    ctx.set("Cache-Control", "no-store");
    ctx.body = { user: presentUser(await loadUserFresh(db, ctx.state.userId), new Date(), config.tradeUnlock) };
  });

  /**
   * Issue 46 item 3, "Delete my account": proven with the current password or a passkey, under the same per-player
   * limit as every other check of it. Open checkouts end at the provider first (as a lowered
   * spending limit does), then one transaction erases the account; every session ends with it, and
   * this device's cookie is cleared in the answer.
   */
  router.post("/user/delete", auth, async (ctx) => {
    // A passkey's answer (to /user/passkeys/confirm-options) instead of the password, when sent.
    const proof = withPasskey(ctx) ? proofOf(ctx, "") : proofOf(ctx, parseBody(ctx, DeleteAccountBody).password);
    await limitPasswordCheck(ctx.state.userId);
    const checkedHash = await checkDeletionProof(db, ctx.state.userId, proof);
    if (payments) await endOpenCheckouts(db, payments, ctx.state.userId);
    await deleteProvenAccount(db, ctx.state.userId, checkedHash);
    clearSessionCookie(ctx);
    ctx.set("Cache-Control", "no-store");
    ctx.body = { ok: true };
  });

  return router;
}
