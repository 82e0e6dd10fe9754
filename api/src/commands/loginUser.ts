import { MSG } from "../contract/messages.ts";
import type { Db } from "../db/knex.ts";
import { unauthorized } from "../http/errors.ts";
import { verifyPassword } from "../lib/passwords.ts";
import type { User } from "../models/User.ts";
import { findUserByUsername } from "../queries/users.ts";

/**
 * Checks credentials. An unknown name answers 'Invalid username' on purpose: the game then offers
 * to create that account (SPEC.md section 4), so names are not secret here.
 */
export async function loginUser(db: Db, username: string, password: string): Promise<User & { passwordHash: string }> {
  const user = await findUserByUsername(db, username);
  if (!user) throw unauthorized(MSG.invalidUsername);
  // A passkeys-only account (no password) gets the wrong password's answer, as slowly (verifyPassword).
  if (!(await verifyPassword(user.passwordHash, password)) || user.passwordHash === null) throw unauthorized(MSG.invalidPassword);
  return user as User & { passwordHash: string };
}
