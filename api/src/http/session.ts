import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Context, Next } from "koa";
import type { Db } from "../db/knex.ts";
import { runPrepared } from "../db/prepared.ts";

export const SESSION_COOKIE = "foilbound.sid";
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Sessions (issue 11): the cookie carries the session id, the player's id and the expiry, signed
 * with SESSION_SECRET (HMAC-SHA256), so a request learns who it is without a database read. The
 * sessions table stays the authority: sign-out deletes the row, a password change deletes all of
 * the player's rows, a deleted account takes its rows with it (ON DELETE CASCADE). Every request
 * that acts for a player still checks its row, but in the statement that reads the player where
 * there is one (open-pack), and otherwise in one primary-key probe (`requireAuth`). Nothing is
 * kept in process memory, so any API process or machine sharing SESSION_SECRET and the database
 * accepts the cookie. Rolling 30 days: when less than half the lifetime is left, a request that
 * proved its row extends the row and reissues the cookie (one write per 15 days per device).
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

const mac = (secret: string, payload: string) => createHmac("sha256", secret).update(payload).digest("base64url");

export function encodeSession(secret: string, claims: SessionClaims): string {
  const payload = `${claims.id}.${claims.userId}.${Math.floor(claims.expiresAt / 1000)}`;
  return `${payload}.${mac(secret, payload)}`;
}

/** The claims of a cookie value this server signed and that has not expired; null otherwise. */
export function decodeSession(secret: string, value: string | undefined, now = Date.now()): SessionClaims | null {
  if (!value) return null;
  const parts = value.split(".");
  if (parts.length !== 4) return null;
  const [id, uid, exp, sig] = parts as [string, string, string, string];
  const expected = Buffer.from(mac(secret, `${id}.${uid}.${exp}`));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const userId = Number(uid);
  const expiresAt = Number(exp) * 1000;
  if (!Number.isSafeInteger(userId) || !(expiresAt > now)) return null;
  return { id, userId, expiresAt };
}

/** The signing secret: SESSION_SECRET, which app.ts makes the app's only key. */
const secretOf = (ctx: Context) => (ctx.app.keys as string[])[0]!;

function setCookie(ctx: Context, claims: SessionClaims | null) {
  ctx.cookies.set(SESSION_COOKIE, claims ? encodeSession(secretOf(ctx), claims) : "", {
    httpOnly: true,
    sameSite: "lax",
    // Secure whenever the game is served over https (directly, or X-Forwarded-Proto with TRUST_PROXY).
    secure: ctx.secure,
    signed: false,
    overwrite: true,
    path: "/",
    expires: claims ? new Date(claims.expiresAt) : new Date(0),
  });
}

/** Forgets a session the database no longer knows, so the browser stops sending it. */
export function clearSessionCookie(ctx: Context): void {
  ctx.state.session = undefined;
  setCookie(ctx, null);
}

const LIVE_SESSION = {
  name: "session_live",
  text: `SELECT 1 AS ok FROM sessions WHERE id = $1::varchar AND user_id = $2::int AND expires_at > now()`,
};

/** Does the session's row still exist (not signed out, not revoked by a password change, account not deleted)? */
export async function isSessionLive(db: Db, claims: SessionClaims): Promise<boolean> {
  return (await runPrepared(db, LIVE_SESSION, [claims.id, claims.userId])).length > 0;
}

/** Reads (and verifies the signature of) the session cookie; renews a proven session near its end. */
export function sessionMiddleware(db: Db) {
  return async (ctx: Context, next: Next) => {
    const raw = ctx.cookies.get(SESSION_COOKIE);
    const claims = decodeSession(secretOf(ctx), raw);
    if (claims) ctx.state.session = claims;
    // Forged, expired or signed with an old secret: the browser may as well forget it.
    else if (raw) clearSessionCookie(ctx);
    await next();
    const proven = ctx.state.session;
    if (proven && ctx.state.sessionProven && proven.expiresAt - Date.now() < RENEW_WHEN_LEFT_MS) {
      const renewed = { ...proven, expiresAt: Date.now() + SESSION_MAX_AGE_MS };
      await db("sessions").where({ id: renewed.id }).update({ expires_at: new Date(renewed.expiresAt) });
      setCookie(ctx, renewed);
    }
  };
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
  setCookie(ctx, claims);
  return true;
}

export async function endSession(ctx: Context, db: Db): Promise<void> {
  const claims = ctx.state.session;
  if (claims) await db("sessions").where({ id: claims.id }).delete();
  clearSessionCookie(ctx);
}
