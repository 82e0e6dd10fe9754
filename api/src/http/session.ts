import { randomBytes } from "node:crypto";
import type Koa from "koa";
import type { Context, Next } from "koa";
import createSession from "koa-session";
import type { Db } from "../db/knex.ts";
import { cookieKeys } from "./cookieKeys.ts";
import { runPrepared } from "../db/prepared.ts";

export const SESSION_COOKIE = "foilbound.sid";
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Sessions (issue 11, on koa-session since issue 46): koa-session in cookie mode keeps the session
 * id and the player's id in the cookie, signed with the app's keys (SESSION_SECRET, cookieKeys.ts)
 * in the `foilbound.sid.sig` cookie beside it, so a request learns who it is without a database read.
 * The sessions table stays the authority: sign-out deletes the row, a password change or a reset
 * deletes the player's rows, a deleted account takes its rows with it (ON DELETE CASCADE). Every
 * request that acts for a player still checks its row, but in the statement that reads the player
 * where there is one (open-pack), and otherwise in one primary-key probe (`requireAuth`). Nothing
 * is kept in process memory, so any API process or machine sharing SESSION_SECRET and the database
 * accepts the cookie. Rolling 30 days: when less than half the lifetime is left, a request that
 * proved its row extends the row and has koa-session reissue the cookie (one write per 15 days per
 * device). Not koa-session's own `renew`, which would reissue the cookie on any request, proven or
 * not, past the row's end.
 *
 * Cookies of the hand-written layer before it (one `id.userId.exp.mac` value, no `.sig` cookie)
 * are not accepted: they are cleared at their first request and the player signs in again.
 */
export interface SessionClaims {
  id: string;
  userId: number;
  expiresAt: number;
}

declare module "koa" {
  interface DefaultState {
    session?: SessionClaims;
    /** Set once the session's row has been seen in the database during this request. */
    sessionProven?: boolean;
    // Everything else routes keep on ctx.state (userId...) stays as loosely typed as before.
    [key: string]: any;
  }
}

const RENEW_WHEN_LEFT_MS = SESSION_MAX_AGE_MS / 2;

/** What koa-session keeps for a session: ours (id, userId) and its own expiry (`_expire`, ms). */
interface CookieData {
  id: string;
  userId: number;
  _expire: number;
}

const SESSION_ID = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * The cookie's value, `id.userId.expirySeconds`: koa-session's default (base64 of JSON) is three
 * times as long, and JSON plus base64 each way on every request for two numbers and a string.
 * Only values whose signature koa-session has already checked reach `decodeSessionData`.
 */
export function encodeSessionData(data: Record<string, unknown>): string {
  return `${data.id}.${data.userId}.${Math.floor(Number(data._expire) / 1000)}`;
}

/** The data of a cookie value this server wrote; null (koa-session then starts an empty session) otherwise. */
export function decodeSessionData(value: string): CookieData | null {
  const parts = value.split(".");
  if (parts.length !== 3) return null;
  const [id, uid, exp] = parts as [string, string, string];
  const userId = Number(uid);
  const expire = Number(exp) * 1000;
  if (!SESSION_ID.test(id) || !Number.isSafeInteger(userId) || userId <= 0 || !Number.isFinite(expire)) return null;
  return { id, userId, _expire: expire };
}

/**
 * The Cookie header a browser holding this session sends (the value and koa-session's `.sig`, as
 * the `cookies` module signs it with the app's keys, cookieKeys.ts: HMAC-SHA256 of `name=value`):
 * for tests and the bench's seeded players, which never sign in.
 */
export function sessionCookieHeader(secret: string, claims: SessionClaims): string {
  const value = encodeSessionData({ id: claims.id, userId: claims.userId, _expire: claims.expiresAt });
  const sig = cookieKeys([secret]).sign(`${SESSION_COOKIE}=${value}`);
  return `${SESSION_COOKIE}=${value}; ${SESSION_COOKIE}.sig=${sig}`;
}

/** koa-session's options: cookie mode, signed with app.keys; the cookie is secure when the request is (ctx.secure, TRUST_PROXY). */
const SESSION_OPTIONS = {
  key: SESSION_COOKIE,
  maxAge: SESSION_MAX_AGE_MS,
  signed: true,
  httpOnly: true,
  sameSite: "lax",
  overwrite: true,
  rolling: false,
  renew: false,
  encode: encodeSessionData,
  decode: decodeSessionData,
  // koa-session itself refuses an expired `_expire`.
  valid: (_ctx: unknown, data: Partial<CookieData> | null) => typeof data?.id === "string" && Number.isSafeInteger(data.userId),
};

/** koa-session's session object of this request, as ours (its fields are typed loosely by @types/koa-session). */
const cookieSession = (ctx: Context) => ctx.session as unknown as Partial<CookieData> | null;

/** Forgets a session the database no longer knows, so the browser stops sending it. */
export function clearSessionCookie(ctx: Context): void {
  ctx.state.session = undefined;
  ctx.session = null;
}

const LIVE_SESSION = {
  name: "session_live",
  text: `SELECT 1 AS ok FROM sessions WHERE id = $1::varchar AND user_id = $2::int AND expires_at > now()`,
};

/** Does the session's row still exist (not signed out, not revoked by a password change, account not deleted)? */
export async function isSessionLive(db: Db, claims: SessionClaims): Promise<boolean> {
  return (await runPrepared(db, LIVE_SESSION, [claims.id, claims.userId])).length > 0;
}

/**
 * koa-session (which reads and verifies the cookie, and writes it at the end of the request), then
 * the claims on ctx.state.session; renews a proven session near its end.
 */
export function sessionMiddleware(app: Koa, db: Db) {
  // A copy: koa-session writes its defaults into the options object it is given.
  const koaSession = createSession({ ...SESSION_OPTIONS }, app);
  const claims = async (ctx: Context, next: Next) => {
    const data = cookieSession(ctx);
    if (data?.id !== undefined) {
      ctx.state.session = { id: data.id, userId: data.userId!, expiresAt: data._expire! };
    } else if (ctx.cookies.get(SESSION_COOKIE, { signed: false })) {
      // Forged, expired, signed with an old secret or written by the layer before koa-session:
      // the browser may as well forget it.
      ctx.session = null;
    }
    await next();
    const proven = ctx.state.session;
    // Not once the answer has begun (an event stream writes its own head): no cookie can follow,
    // and the player's next ordinary request renews.
    if (proven && ctx.state.sessionProven && !ctx.res.headersSent && proven.expiresAt - Date.now() < RENEW_WHEN_LEFT_MS) {
      const expiresAt = Date.now() + SESSION_MAX_AGE_MS;
      await db("sessions").where({ id: proven.id }).update({ expires_at: new Date(expiresAt) });
      ctx.state.session = { ...proven, expiresAt };
      // Setting maxAge makes koa-session save the session: a new `_expire` and cookie expiry.
      ctx.session!.maxAge = SESSION_MAX_AGE_MS;
    }
  };
  return (ctx: Context, next: Next) => koaSession(ctx, () => claims(ctx, next));
}

/**
 * A new session for this player (a fresh id at every sign-in defeats session fixation); the old one
 * ends. With `whilePasswordHash` (a sign-in by password) the session is written only while the
 * account's password is still the one just checked, and false comes back otherwise: a sign-in with
 * the old password racing a password change (which ends every session) wrote its session after the
 * change had deleted them and kept it (18 of 60 tries in an audit). The row lock waits for a change
 * in flight, then reads the new hash.
 */
export async function startSession(ctx: Context, db: Db, userId: number, whilePasswordHash?: string): Promise<boolean> {
  const previous = ctx.state.session;
  const claims: SessionClaims = { id: randomBytes(24).toString("base64url"), userId, expiresAt: Date.now() + SESSION_MAX_AGE_MS };
  const data = JSON.stringify({ userId });
  const expiresAt = new Date(claims.expiresAt);
  if (whilePasswordHash === undefined) {
    await db("sessions").insert({ id: claims.id, data, user_id: userId, expires_at: expiresAt });
  } else {
    const { rows } = (await db.raw(
      `INSERT INTO sessions (id, data, user_id, expires_at)
       SELECT ?, ?, u.id, ? FROM (SELECT id FROM users WHERE id = ? AND password_hash = ? FOR SHARE) u
       RETURNING id`,
      [claims.id, data, expiresAt, userId, whilePasswordHash],
    )) as { rows: unknown[] };
    if (rows.length === 0) return false;
  }
  if (previous && previous.id !== claims.id) await db("sessions").where({ id: previous.id }).delete();
  ctx.state.session = claims;
  ctx.state.sessionProven = true;
  // koa-session writes the cookie (and its signature) at the end of the request.
  ctx.session = { id: claims.id, userId } as unknown as typeof ctx.session;
  return true;
}

export async function endSession(ctx: Context, db: Db): Promise<void> {
  const claims = ctx.state.session;
  if (claims) await db("sessions").where({ id: claims.id }).delete();
  clearSessionCookie(ctx);
}
