import type { Db, Trx } from "../db/knex.ts";
import { regenerateCoins } from "../game/coins.ts";
import { unauthorized } from "../http/errors.ts";
import { User } from "../models/User.ts";

export async function findUserByUsername(db: Db | Trx, username: string): Promise<User | undefined> {
  return User.query(db).whereRaw("lower(username) = lower(?)", [username]).first();
}

/** Is this display name free for `userId`: nobody else uses it as display name or username? */
export async function isDisplayNameFree(db: Db | Trx, displayName: string, userId: number | null): Promise<boolean> {
  const clash = await User.query(db)
    .where((q) => q.whereRaw("lower(display_name) = lower(?)", [displayName]).orWhereRaw("lower(username) = lower(?)", [displayName]))
    .modify((q) => {
      if (userId !== null) q.whereNot("id", userId);
    })
    .first();
  return !clash;
}

export async function isEmailFree(db: Db | Trx, email: string, userId: number): Promise<boolean> {
  const clash = await User.query(db).whereRaw("lower(email) = lower(?)", [email]).whereNot("id", userId).first();
  return !clash;
}

/**
 * The player with coin regeneration applied and saved (RULES.md: computed lazily at every read).
 * Only when a coin is due does it take the row lock, so ordinary reads stay lock-free.
 */
export async function loadUserFresh(db: Db, userId: number, now = new Date()): Promise<User> {
  const user = await User.query(db).findById(userId);
  if (!user) throw unauthorized();
  const regen = regenerateCoins(coinState(user), now);
  if (regen.coins === user.coins) return user;
  return db.transaction(async (trx) => {
    const locked = await lockUser(trx, userId);
    const state = regenerateCoins(coinState(locked), now);
    return User.query(trx).patchAndFetchById(userId, { coins: state.coins, lastCoinGeneration: state.lastCoinGeneration });
  });
}

export function coinState(user: { coins: number; lastCoinGeneration: Date | string }) {
  return { coins: user.coins, lastCoinGeneration: new Date(user.lastCoinGeneration) };
}

/** SELECT ... FOR UPDATE on the player's row: every balance change goes through this. */
export async function lockUser(trx: Trx, userId: number): Promise<User> {
  const user = await User.query(trx).findById(userId).forUpdate();
  // The session names an account that no longer exists.
  if (!user) throw unauthorized();
  return user;
}
