import { UniqueViolationError } from "objection";
import { MSG } from "../contract/messages.ts";
import type { Db } from "../db/knex.ts";
import { STARTING_COINS, STARTING_GEMS } from "../game/coins.ts";
import { badRequest, conflict } from "../http/errors.ts";
import { newPasswordProblem } from "../lib/passwordPolicy.ts";
import { newFairnessState } from "../lib/fairSeeds.ts";
import { hashPassword } from "../lib/passwords.ts";
import { User } from "../models/User.ts";
import { findUserByUsername, isDisplayNameFree } from "../queries/users.ts";

export interface RegisterInput {
  username: string;
  password: string;
  displayName?: string;
  /** Where the sign-up came from (IPv4 /24 or IPv6 /64), for the anti-farming trade rule. */
  signupNetwork?: string | null;
}

/**
 * Creates an account (RULES.md: 10 coins, 0 gems, coin clock starting now) and records that the
 * player confirmed being 18+ and accepted the terms. A display name someone else already uses is
 * left unset, so the player picks another on the choose-username screen.
 */
export async function registerUser(db: Db, input: RegisterInput, now = new Date()): Promise<User> {
  const weak = newPasswordProblem(input.password, input.username);
  if (weak) throw badRequest(weak);
  if (await findUserByUsername(db, input.username)) throw conflict(MSG.usernameTaken);
  const wanted = input.displayName ?? input.username;
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (trx) => {
      const displayName = (await isDisplayNameFree(trx, wanted, null)) ? wanted : null;
      return User.query(trx).insertAndFetch({
        username: input.username,
        displayName,
        passwordHash,
        coins: STARTING_COINS,
        gems: STARTING_GEMS,
        lastCoinGeneration: now,
        ageConfirmedAt: now,
        termsAcceptedAt: now,
        signupNetwork: input.signupNetwork ?? null,
        ...newFairnessState(),
      });
    });
  } catch (err) {
    // Two sign-ups racing for one name: the unique index decides, the loser hears it plainly.
    if (err instanceof UniqueViolationError) throw conflict(MSG.usernameTaken);
    throw err;
  }
}
