import Router from "@koa/router";
import type { Context } from "koa";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { addPasskey, confirmOptions, listPasskeys, registrationOptions, removePasskey, signInOptions, verifySignIn, type RelyingParty } from "../commands/passkeys.ts";
import { recordDailyVisit } from "../commands/visitRecorder.ts";
import type { Config } from "../config.ts";
import { AddPasskeyBody, PasskeySignInBody, PasskeySignInOptionsBody } from "../contract/passkeys.ts";
import { MSG } from "../contract/messages.ts";
import type { Db } from "../db/knex.ts";
import { requireAuth, signIn } from "../http/auth.ts";
import { notFound } from "../http/errors.ts";
import { authRateRules, hitRateLimit } from "../http/rateLimit.ts";
import { parseBody } from "../http/validate.ts";
import { presentUser } from "../presenters/user.ts";
import { loadUserFresh } from "../queries/users.ts";

/**
 * The relying party: PUBLIC_URL's origin when the operator set it (the passkeys are bound to its host
 * name), else the origin this request came to (koa reads X-Forwarded-* only with TRUST_PROXY).
 */
export function relyingPartyOf(ctx: Context, config: Config): RelyingParty {
  const url = new URL(config.passkeyOrigin ?? ctx.origin);
  return { id: url.hostname, origin: url.origin, name: config.appName };
}

/** Passkeys (issue 46 item 2): Account Settings' list, add and remove; sign-in; confirmation options. */
export function passkeyRoutes(db: Db, config: Config) {
  const router = new Router();
  const auth = requireAuth(db);
  const limits = authRateRules(config);

  router.get("/user/passkeys", auth, async (ctx) => {
    ctx.set("Cache-Control", "no-store");
    ctx.body = { passkeys: await listPasskeys(db, ctx.state.userId) };
  });

  router.post("/user/passkeys/options", auth, async (ctx) => {
    await hitRateLimit(db, limits.passkeyOptionsPerIp, ctx.ip);
    ctx.body = await registrationOptions(db, relyingPartyOf(ctx, config), ctx.state.userId);
  });

  router.post("/user/passkeys", auth, async (ctx) => {
    const body = parseBody(ctx, AddPasskeyBody);
    ctx.status = 201;
    ctx.body = { passkey: await addPasskey(db, relyingPartyOf(ctx, config), ctx.state.userId, body.name, body.response as RegistrationResponseJSON) };
  });

  router.delete("/user/passkeys/:id", auth, async (ctx) => {
    const id = Number(ctx.params.id);
    if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw notFound(MSG.passkeyNotFound);
    await removePasskey(db, ctx.state.userId, id);
    ctx.body = { ok: true };
  });

  // Confirming an action (deleting the account) with a passkey: the answer goes with that action.
  router.post("/user/passkeys/confirm-options", auth, async (ctx) => {
    await hitRateLimit(db, limits.passkeyOptionsPerIp, ctx.ip);
    ctx.body = await confirmOptions(db, relyingPartyOf(ctx, config), ctx.state.userId);
  });

  // Sign-in: options for anyone (counted per IP: each one is a row), the answer limited like a password sign-in.
  router.post("/auth/passkey/options", async (ctx) => {
    await hitRateLimit(db, limits.passkeyOptionsPerIp, ctx.ip);
    const { username } = parseBody(ctx, PasskeySignInOptionsBody);
    ctx.body = await signInOptions(db, relyingPartyOf(ctx, config), username || undefined);
  });

  router.post("/auth/passkey", async (ctx) => {
    await hitRateLimit(db, limits.perIp, ctx.ip);
    const { response } = parseBody(ctx, PasskeySignInBody);
    await hitRateLimit(db, limits.perUsername, `passkey:${response.id}`);
    const { userId } = await verifySignIn(db, relyingPartyOf(ctx, config), response as AuthenticationResponseJSON);
    await signIn(ctx, db, userId);
    ctx.body = { user: presentUser(await recordDailyVisit(db, await loadUserFresh(db, userId)), new Date(), config.tradeUnlock) };
  });

  return router;
}
