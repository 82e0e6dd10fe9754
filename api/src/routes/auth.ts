import Router from "@koa/router";
import { ForgotPasswordBody, LoginBody, NewAccountCheckBody, RegisterBody, ResetPasswordBody } from "../contract/auth.ts";
import { MSG } from "../contract/messages.ts";
import { MAIL_TEXT, accountForReset, issueToken, resetLinkUrl, resetPassword } from "../commands/accountLinks.ts";
import type { Mailer } from "../lib/mailer.ts";
import { HttpError, notFound } from "../http/errors.ts";
import type { Db } from "../db/knex.ts";
import { loginUser } from "../commands/loginUser.ts";
import { registerUser } from "../commands/registerUser.ts";
import { requireUserId, signIn, signInWithPassword, signOut } from "../http/auth.ts";
import { authRateRules, hitRateLimit } from "../http/rateLimit.ts";
import type { Config } from "../config.ts";
import { parseBody } from "../http/validate.ts";
import { networkOf } from "../lib/network.ts";
import { newPasswordProblem } from "../lib/passwordPolicy.ts";
import { badRequest } from "../http/errors.ts";
import { presentUser } from "../presenters/user.ts";
import { recordDailyVisit } from "../commands/visitRecorder.ts";
import { loadUserFresh } from "../queries/users.ts";

export function authRoutes(db: Db, config: Config, mailer: Mailer | null = null) {
  const router = new Router();
  const limits = authRateRules(config);
  const limitAttempt = async (ip: string, username: string) => {
    await hitRateLimit(db, limits.perIp, ip);
    await hitRateLimit(db, limits.perUsername, username.toLowerCase());
  };

  router.get("/auth", async (ctx) => {
    const user = await recordDailyVisit(db, await loadUserFresh(db, await requireUserId(ctx, db)));
    ctx.body = { user: presentUser(user, new Date(), config.tradeUnlock) };
  });

  router.post("/auth/login", async (ctx) => {
    const body = parseBody(ctx, LoginBody);
    await limitAttempt(ctx.ip, body.username);
    const user = await loginUser(db, body.username, body.password);
    await signInWithPassword(ctx, db, user.id, user.passwordHash);
    ctx.body = { user: presentUser(await recordDailyVisit(db, await loadUserFresh(db, user.id)), new Date(), config.tradeUnlock) };
  });

  // The login form asks before its terms dialog opens (issue 44): the password policy registration
  // applies, with its words; nothing about other players (an unknown username is already known).
  router.post("/auth/new-account-check", async (ctx) => {
    await hitRateLimit(db, limits.newAccountCheckPerIp, ctx.ip);
    const body = parseBody(ctx, NewAccountCheckBody);
    const problem = newPasswordProblem(body.password, body.username);
    if (problem) throw badRequest(problem);
    ctx.body = { ok: true };
  });

  router.post("/auth/register", async (ctx) => {
    const body = parseBody(ctx, RegisterBody);
    await limitAttempt(ctx.ip, body.username);
    const user = await registerUser(db, { ...body, signupNetwork: networkOf(ctx.ip) });
    await signIn(ctx, db, user.id);
    ctx.status = 201;
    ctx.body = { user: presentUser(await recordDailyVisit(db, user), new Date(), config.tradeUnlock) };
  });

  // Password reset by e-mail (issue 46): only when the operator configured mail (SMTP_URL).
  // The answer is the same, and as fast, whether or not an account matches: the mail goes out in
  // the background.
  router.post("/auth/forgot-password", async (ctx) => {
    if (!mailer) throw notFound();
    await hitRateLimit(db, limits.resetRequestPerIp, ctx.ip);
    const { login } = parseBody(ctx, ForgotPasswordBody);
    await hitRateLimit(db, limits.resetRequestPerLogin, login.toLowerCase());
    const now = new Date();
    const user = await accountForReset(db, login);
    if (user && (await underLimit(() => hitRateLimit(db, limits.resetRequestPerAccount, String(user.id), now)))) {
      const link = resetLinkUrl(config.publicUrl, await issueToken(db, user.id, "password_reset", now));
      mailer.send({ to: user.email, subject: MAIL_TEXT.resetSubject(config.appName), text: MAIL_TEXT.resetBody(config.appName, user.username, link) });
    }
    ctx.body = { ok: true, message: MSG.resetLinkSent };
  });

  // Reset links are also printed by the admin CLI, so this works with or without mail.
  router.post("/auth/reset-password", async (ctx) => {
    await hitRateLimit(db, limits.linkUsePerIp, ctx.ip);
    const body = parseBody(ctx, ResetPasswordBody);
    await resetPassword(db, body.token, body.password);
    ctx.body = { ok: true, message: MSG.passwordResetDone };
  });

  router.post("/auth/logout", async (ctx) => {
    await signOut(ctx, db);
    ctx.body = { ok: true };
  });

  return router;
}

/** Runs a rate-limit check; false instead of a 429 (a limit that must not show in the answer). */
async function underLimit(check: () => Promise<void>): Promise<boolean> {
  try {
    await check();
    return true;
  } catch (err) {
    if (err instanceof HttpError && err.status === 429) return false;
    throw err;
  }
}
