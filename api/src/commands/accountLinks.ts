import { createHash, randomBytes } from "node:crypto";
import { UniqueViolationError } from "objection";
import { MSG } from "../contract/messages.ts";
import type { Db, Trx } from "../db/knex.ts";
import { badRequest, conflict } from "../http/errors.ts";
import { newPasswordProblem } from "../lib/passwordPolicy.ts";
import { hashPassword } from "../lib/passwords.ts";
import { isEmailFree } from "../queries/users.ts";

/**
 * Single-use links (issue 46, item 1): a password reset (30 minutes) and the confirmation of a new
 * e-mail address (24 hours: it is sent to an address the signed-in player just typed, and people
 * read mail later; a reset link opens the account, so it is short). The link carries 32 random
 * bytes; the database keeps only their SHA-256, and a link is spent by the statement that uses it.
 */
export const RESET_LINK_MS = 30 * 60_000;
export const EMAIL_CONFIRM_MS = 24 * 3_600_000;

export type TokenPurpose = "password_reset" | "email_change";

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export async function issueToken(db: Db | Trx, userId: number, purpose: TokenPurpose, now: Date, newEmail: string | null = null): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const ttl = purpose === "password_reset" ? RESET_LINK_MS : EMAIL_CONFIRM_MS;
  await db("account_tokens").insert({ user_id: userId, purpose, token_hash: hashToken(token), new_email: newEmail, expires_at: new Date(now.getTime() + ttl), created_at: now });
  return token;
}

export const resetLinkUrl = (publicUrl: string, token: string) => `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
export const emailConfirmUrl = (publicUrl: string, token: string) => `${publicUrl}/confirm-email?token=${encodeURIComponent(token)}`;

/** A syntactically possible token (base64url of 32 bytes); anything else is refused without a query. */
const looksLikeToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

/** Spends a live token of this purpose: its row, or null (unknown, used, expired). */
async function spendToken(trx: Trx, token: string, purpose: TokenPurpose, now: Date): Promise<{ user_id: number; new_email: string | null } | null> {
  if (!looksLikeToken(token)) return null;
  const rows: Array<{ user_id: number; new_email: string | null }> = await trx("account_tokens")
    .where({ token_hash: hashToken(token), purpose })
    .whereNull("used_at")
    .andWhere("expires_at", ">", now)
    .update({ used_at: now })
    .returning(["user_id", "new_email"]);
  return rows[0] ?? null;
}

/** The account a "Forgot password?" request names (username or e-mail, any case) with its address, if any. */
export async function accountForReset(db: Db, login: string): Promise<{ id: number; username: string; email: string } | null> {
  const byEmail = login.includes("@");
  const user = await db("users")
    .whereRaw(byEmail ? "lower(email) = lower(?)" : "lower(username) = lower(?)", [login])
    .first("id", "username", "email");
  return user?.email ? user : null;
}

/**
 * Sets a new password through a reset link: the registration's password policy, then in one
 * transaction the link is spent, the password written, every session of the account ended and
 * the account's other reset links spent too.
 */
export async function resetPassword(db: Db, token: string, newPassword: string, now = new Date()): Promise<void> {
  if (!looksLikeToken(token)) throw badRequest(MSG.resetLinkInvalid);
  const live = await db("account_tokens")
    .join("users", "users.id", "account_tokens.user_id")
    .where({ token_hash: hashToken(token), purpose: "password_reset" })
    .whereNull("used_at")
    .andWhere("expires_at", ">", now)
    .first("users.username");
  if (!live) throw badRequest(MSG.resetLinkInvalid);
  const weak = newPasswordProblem(newPassword, live.username);
  if (weak) throw badRequest(weak);
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (trx) => {
    const spent = await spendToken(trx, token, "password_reset", now);
    if (!spent) throw badRequest(MSG.resetLinkInvalid);
    await trx("users").where({ id: spent.user_id }).update({ password_hash: passwordHash, updated_at: now });
    await trx("sessions").where({ user_id: spent.user_id }).delete();
    await spendResetLinks(trx, spent.user_id, now);
  });
}

/** Spends every outstanding reset link of the account: its password changed (by a link or in Account Settings). */
export async function spendResetLinks(trx: Trx, userId: number, now: Date): Promise<void> {
  await trx("account_tokens").where({ user_id: userId, purpose: "password_reset" }).whereNull("used_at").update({ used_at: now });
}

/** Confirms an e-mail change: the link's address becomes the account's, if nobody took it meanwhile. */
export async function confirmEmailChange(db: Db, token: string, now = new Date()): Promise<string> {
  try {
    return await db.transaction(async (trx) => {
      const spent = await spendToken(trx, token, "email_change", now);
      if (!spent?.new_email) throw badRequest(MSG.emailConfirmInvalid);
      if (!(await isEmailFree(trx, spent.new_email, spent.user_id))) throw conflict(MSG.emailTaken);
      await trx("users").where({ id: spent.user_id }).update({ email: spent.new_email, updated_at: now });
      // An older pending change must not overwrite this one later.
      await trx("account_tokens").where({ user_id: spent.user_id, purpose: "email_change" }).whereNull("used_at").update({ used_at: now });
      return spent.new_email;
    });
  } catch (err) {
    if (err instanceof UniqueViolationError) throw conflict(MSG.emailTaken);
    throw err;
  }
}

export const MAIL_TEXT = {
  resetSubject: (appName: string) => `${appName}: reset your password`,
  resetBody: (appName: string, username: string, link: string) =>
    `Someone (we hope you) asked to reset the password of the ${appName} account "${username}".\n\nChoose a new password here (the link works once, for 30 minutes):\n${link}\n\nIf you did not ask for this, ignore this e-mail: your password stays as it is.\n`,
  confirmSubject: (appName: string) => `${appName}: confirm your e-mail address`,
  confirmBody: (appName: string, username: string, link: string) =>
    `The ${appName} account "${username}" asked to use this e-mail address.\n\nConfirm it here (the link works once, for 24 hours):\n${link}\n\nIf this was not you, ignore this e-mail: nothing changes.\n`,
};
