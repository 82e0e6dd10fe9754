import type { Context, Next } from "koa";
import type { Db } from "../db/knex.ts";
import { MSG } from "../contract/messages.ts";
import { unauthorized } from "./errors.ts";
import { clearSessionCookie, endSession, isSessionLive, startSession } from "./session.ts";

export interface AppState {
  userId?: number;
}

/**
 * The signed-in player's id, or a 401 'Not authenticated': the cookie's signature, then its
 * session row (one primary-key probe, skipped when this request already proved it).
 */
export async function requireUserId(ctx: Context, db: Db): Promise<number> {
  const session = ctx.state.session;
  if (!session) throw unauthorized();
  if (!ctx.state.sessionProven) {
    if (!(await isSessionLive(db, session))) {
      clearSessionCookie(ctx);
      throw unauthorized();
    }
    ctx.state.sessionProven = true;
  }
  return session.userId;
}

/** Middleware form of requireUserId: sets ctx.state.userId. */
export function requireAuth(db: Db) {
  return async (ctx: Context, next: Next) => {
    ctx.state.userId = await requireUserId(ctx, db);
    return next();
  };
}

/**
 * For a hot path that proves the session in its own statement (open-pack reads the player and
 * the session row together): only the signature is checked here, so the handler MUST pass
 * ctx.state.session.id to a query that checks the row, and call sessionProven(ctx) after.
 */
export function requireSignedSession() {
  return async (ctx: Context, next: Next) => {
    const session = ctx.state.session;
    if (!session) throw unauthorized();
    ctx.state.userId = session.userId;
    return next();
  };
}

/** The handler's own statement found the session row. */
export function sessionProven(ctx: Context): void {
  ctx.state.sessionProven = true;
}

/** The handler's own statement did not find the session row (or the player): a 401 that also clears the cookie. */
export function sessionRevoked(ctx: Context): Error {
  clearSessionCookie(ctx);
  return unauthorized();
}

export async function signIn(ctx: Context, db: Db, userId: number): Promise<void> {
  await startSession(ctx, db, userId);
}

/** Signs in with the password just verified against `passwordHash`; changed meanwhile, it is wrong now. */
export async function signInWithPassword(ctx: Context, db: Db, userId: number, passwordHash: string): Promise<void> {
  if (!(await startSession(ctx, db, userId, passwordHash))) throw unauthorized(MSG.invalidPassword);
}

export async function signOut(ctx: Context, db: Db): Promise<void> {
  await endSession(ctx, db);
}
