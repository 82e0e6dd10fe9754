import { UniqueViolationError } from "objection";
import { MSG } from "../contract/messages.ts";
import type { Db, Trx } from "../db/knex.ts";
import { badRequest, conflict, unauthorized } from "../http/errors.ts";
import { newPasswordProblem } from "../lib/passwordPolicy.ts";
import { hashPassword, verifyPassword } from "../lib/passwords.ts";
import { User } from "../models/User.ts";
import { isDisplayNameFree, isEmailFree, lockUser } from "../queries/users.ts";
import { spendResetLinks } from "./accountLinks.ts";

export async function setDisplayName(db: Db, userId: number, displayName: string): Promise<User> {
  try {
    return await db.transaction(async (trx) => {
      await lockUser(trx, userId);
      if (!(await isDisplayNameFree(trx, displayName, userId))) throw conflict(MSG.displayNameTaken);
      return User.query(trx).patchAndFetchById(userId, { displayName, updatedAt: new Date() });
    });
  } catch (err) {
    if (err instanceof UniqueViolationError) throw conflict(MSG.displayNameTaken);
    throw err;
  }
}

/**
 * Sets or removes (null) the e-mail address; any change to an existing address needs the password.
 * With `confirmByLink` (mail configured, issue 46) a new address is not set: the callback sends it
 * a confirmation link inside the same checks, and the account keeps its current address for now.
 */
export async function updateEmail(
  db: Db,
  userId: number,
  email: string | null,
  password: string,
  confirmByLink?: (trx: Trx, user: User, email: string) => Promise<void>,
): Promise<string | null> {
  const user = await User.query(db).findById(userId);
  if (!user) throw unauthorized();
  if (email === user.email) return email;
  // Adding a first address, changing it and removing it all need the current password.
  if (!password) throw badRequest(email === null ? MSG.emailPasswordRequiredRemove : MSG.emailPasswordRequiredChange);
  if (!(await verifyPassword(user.passwordHash, password))) throw badRequest(MSG.currentPasswordWrong);
  try {
    return await db.transaction(async (trx) => {
      // The password checked above must still be the account's (a change elsewhere meanwhile makes it wrong).
      if ((await lockUser(trx, userId)).passwordHash !== user.passwordHash) throw badRequest(MSG.currentPasswordWrong);
      if (email !== null && !(await isEmailFree(trx, email, userId))) throw conflict(MSG.emailTaken);
      if (email !== null && confirmByLink) {
        await confirmByLink(trx, user, email);
        return user.email;
      }
      const updated = await User.query(trx).patchAndFetchById(userId, { email, updatedAt: new Date() });
      return updated.email;
    });
  } catch (err) {
    if (err instanceof UniqueViolationError) throw conflict(MSG.emailTaken);
    throw err;
  }
}

/** Changes the password, signs the account out everywhere (the caller signs this device back in) and spends its reset links. */
export async function updatePassword(db: Db, userId: number, currentPassword: string, newPassword: string): Promise<void> {
  const user = await User.query(db).findById(userId);
  if (!user) throw unauthorized();
  // 400, not 401: the player is signed in; only the typed password is wrong.
  const weak = newPasswordProblem(newPassword, user.username);
  if (weak) throw badRequest(weak);
  if (!(await verifyPassword(user.passwordHash, currentPassword))) throw badRequest(MSG.currentPasswordWrong);
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (trx) => {
    // Only over the password just checked: a change from another device meanwhile makes the typed
    // current password wrong (two changes racing each passed the check against the same old hash).
    const changed = await User.query(trx).patch({ passwordHash, updatedAt: new Date() }).where({ id: userId, password_hash: user.passwordHash });
    if (changed === 0) throw badRequest(MSG.currentPasswordWrong);
    await trx("sessions").where({ user_id: userId }).delete();
    // A reset link mailed before the change would otherwise still open the account with the old
    // story ("forgot my password") for up to 30 minutes.
    await spendResetLinks(trx, userId, new Date());
  });
}
