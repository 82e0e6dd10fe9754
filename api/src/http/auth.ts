import type { Context, Next } from "koa";
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

/**
 * Middleware form. It reads only the session: each query or command then loads the player and
 * answers 'Not authenticated' if the account is gone, so no request pays for a second lookup.
 */
export function requireAuth() {
  return async (ctx: Context, next: Next) => {
    ctx.state.userId = requireUserId(ctx);
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
