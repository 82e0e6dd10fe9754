import { randomBytes } from "node:crypto";
import type Koa from "koa";
import session from "koa-session";
import type { Db } from "../db/knex.ts";
import { createSessionStore } from "./sessionStore.ts";

export const SESSION_COOKIE = "foilbound.sid";
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Database-backed sessions. Rolling 30 days: the session is extended whenever less than half
 * of its lifetime is left ("renew"), so an active player never expires, yet an ordinary request
 * costs no session write. Secure follows the connection (https, or X-Forwarded-Proto with
 * TRUST_PROXY), so the cookie is Secure whenever the game is served over https.
 */
export function sessionMiddleware(app: Koa, db: Db) {
  return session(
    {
      key: SESSION_COOKIE,
      maxAge: SESSION_MAX_AGE_MS,
      renew: true,
      rolling: false,
      httpOnly: true,
      sameSite: "lax",
      signed: true,
      store: createSessionStore(db),
      genid: () => randomBytes(24).toString("base64url"),
    },
    app,
  );
}
