import { UniqueViolationError } from "objection";
import { MSG } from "../contract/messages.ts";
import type { Db, Trx } from "../db/knex.ts";
import { badRequest, conflict, unauthorized } from "../http/errors.ts";
import { newPasswordProblem } from "../lib/passwordPolicy.ts";
import { hashPassword, verifyPassword } from "../lib/passwords.ts";
import { User } from "../models/User.ts";
import { isDisplayNameFree, isEmailFree, lockUser } from "../queries/users.ts";
import { checkAccountProof, type AccountProof } from "./accountDeleter.ts";
import { spendResetLinks } from "./accountLinks.ts";
import { passkeyCount } from "./passkeys.ts";

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
 * Sets or removes (null) the e-mail address; any change needs the proof: the current password or,
 * for any player and the only way for one without a password, a passkey's confirmation.
 * With `confirmByLink` (mail configured, issue 46) a new address is not set: the callback sends it
 * a confirmation link inside the same checks, and the account keeps its current address for now.
 */
export async function updateEmail(
  db: Db,
  userId: number,
  email: string | null,
  proof: AccountProof,
  confirmByLink?: (trx: Trx, user: User, email: string) => Promise<void>,
): Promise<string | null> {
  const user = await User.query(db).findById(userId);
  if (!user) throw unauthorized();
  if (email === user.email) return email;
  // Adding a first address, changing it and removing it all need the current password (or a passkey).
  if (proof.kind === "password" && !proof.password) {
    throw badRequest(user.passwordHash === null ? MSG.noPasswordUsePasskey : email === null ? MSG.emailPasswordRequiredRemove : MSG.emailPasswordRequiredChange);
  }
  const checkedHash = await checkAccountProof(db, userId, proof);
  try {
    return await db.transaction(async (trx) => {
      // The password checked above must still be the account's (a change elsewhere meanwhile makes it wrong).
      if (checkedHash !== null && (await lockUser(trx, userId)).passwordHash !== checkedHash) throw badRequest(MSG.currentPasswordWrong);
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

/**
 * Changes the password, or sets one on a passkeys-only account, signs the account out everywhere
 * (the caller signs this device back in) and spends its reset links. The proof is the current
 * password or a passkey's confirmation; an account without a password can only give the passkey.
 */
export async function updatePassword(db: Db, userId: number, proof: AccountProof, newPassword: string): Promise<void> {
  const user = await User.query(db).findById(userId);
  if (!user) throw unauthorized();
  // 400, not 401: the player is signed in; only the typed password is wrong.
  const weak = newPasswordProblem(newPassword, user.username);
  if (weak) throw badRequest(weak);
  if (proof.kind === "password" && !proof.password) throw badRequest(user.passwordHash === null ? MSG.passwordSetProofRequired : MSG.passwordFieldsRequired);
  if (proof.kind === "password" && user.passwordHash === null) throw badRequest(MSG.passwordSetProofRequired);
  const checkedHash = await checkAccountProof(db, userId, proof);
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (trx) => {
    // Only over the password just checked: a change from another device meanwhile makes the typed
    // current password wrong (two changes racing each passed the check against the same old hash).
    // A passkey's confirmation was used up by its check: it needs no such guard.
    const query = User.query(trx).patch({ passwordHash, updatedAt: new Date() }).where({ id: userId });
    if (checkedHash !== null) query.where({ password_hash: checkedHash });
    if ((await query) === 0) throw badRequest(MSG.currentPasswordWrong);
    await trx("sessions").where({ user_id: userId }).delete();
    // A reset link mailed before the change would otherwise still open the account with the old
    // story ("forgot my password") for up to 30 minutes.
    await spendResetLinks(trx, userId, new Date());
  });
}

/**
 * Removes the password (issue 46 item 2, "keep the password or not"): only with at least one
 * passkey, confirmed by the current password. As a password change does, it signs the account out
 * everywhere (the caller signs this device back in), and the reset links still out are spent: a
 * reset sets a password again, which the player now asks for in Account Settings.
 */
export async function removePassword(db: Db, userId: number, currentPassword: string, now = new Date()): Promise<void> {
  const user = await User.query(db).findById(userId);
  if (!user) throw unauthorized();
  if (user.passwordHash === null) throw badRequest(MSG.noPasswordToRemove);
  if ((await passkeyCount(db, userId)) === 0) throw badRequest(MSG.passwordRemoveNeedsPasskey);
  if (!(await verifyPassword(user.passwordHash, currentPassword))) throw badRequest(MSG.currentPasswordWrong);
  await db.transaction(async (trx) => {
    // The row lock orders this with removing a passkey (which takes it too): never both the last
    // passkey and the password gone. The password checked must still be the account's.
    const locked = await lockUser(trx, userId);
    if (locked.passwordHash !== user.passwordHash) throw badRequest(MSG.currentPasswordWrong);
    if ((await passkeyCount(trx, userId)) === 0) throw badRequest(MSG.passwordRemoveNeedsPasskey);
    await trx("users").where({ id: userId }).update({ password_hash: null, updated_at: now });
    await trx("sessions").where({ user_id: userId }).delete();
    await spendResetLinks(trx, userId, now);
  });
}
