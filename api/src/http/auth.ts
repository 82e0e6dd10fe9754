import type { Context, Next } from "koa";
import type { Db } from "../db/knex.ts";
import { User } from "../models/User.ts";
import { unauthorized } from "./errors.ts";

export interface AppState {
  userId?: number;
}

/** The signed-in player's id, or a 401 'Not authenticated'. */
export function requireUserId(ctx: Context): number {
  const id = ctx.session?.userId;
  if (typeof id !== "number") throw unauthorized();
  return id;
}

/** Middleware form: also rejects a session whose account no longer exists. */
export function requireAuth(db: Db) {
  return async (ctx: Context, next: Next) => {
    const id = requireUserId(ctx);
    const exists = await User.query(db).findById(id).select("id");
    if (!exists) {
      ctx.session = null;
      throw unauthorized();
    }
    ctx.state.userId = id;
    return next();
  };
}

export async function signIn(ctx: Context, userId: number): Promise<void> {
  // A fresh session id at every sign-in defeats session fixation.
  ctx.session!.userId = userId;
  await ctx.session!.regenerate();
}

export function signOut(ctx: Context): void {
  ctx.session = null;
}
