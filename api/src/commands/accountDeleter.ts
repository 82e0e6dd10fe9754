import { MSG } from "../contract/messages.ts";
import type { Db, Trx } from "../db/knex.ts";
import { ARENA_BOT_ID } from "../game/battle.ts";
import { badRequest } from "../http/errors.ts";
import { verifyPassword } from "../lib/passwords.ts";
import { User } from "../models/User.ts";
import { lockUser } from "../queries/users.ts";
import { verifyConfirmation, type RelyingParty } from "./passkeys.ts";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";

/**
 * How the player proves it is them before the account goes: the current password, or an
 * assertion from one of their passkeys (issue 46 item 2) answering a 'confirm' challenge.
 * The same proof confirms an e-mail change and a password change or removal (AccountProof).
 */
export type DeletionProof = { kind: "password"; password: string } | { kind: "passkey"; response: AuthenticationResponseJSON; rp: RelyingParty };

export type AccountProof = DeletionProof;

export interface DeletedAccount {
  userId: number;
  cards: number;
  tradesRemoved: number;
  battlesAnonymised: number;
  purchasesKept: number;
}

/**
 * Checks the proof against the account as it is now (outside the transaction: argon2 is slow).
 * Answers the password hash that was checked, so the deletion can insist it is still the same
 * (null for a passkey: its challenge and counter were used up by the check itself).
 */
export const checkAccountProof = (db: Db, userId: number, proof: AccountProof) => checkDeletionProof(db, userId, proof);

export async function checkDeletionProof(db: Db, userId: number, proof: DeletionProof): Promise<string | null> {
  if (proof.kind === "passkey") {
    await verifyConfirmation(db, proof.rp, userId, proof.response);
    return null;
  }
  const user = await User.query(db).findById(userId);
  if (!user) throw badRequest(MSG.currentPasswordWrong);
  // Passkeys only: a typed password proves nothing (and is not checked against anything).
  if (user.passwordHash === null) throw badRequest(MSG.noPasswordUsePasskey);
  if (!proof.password || !(await verifyPassword(user.passwordHash, proof.password))) throw badRequest(MSG.currentPasswordWrong);
  return user.passwordHash;
}

/** Issue 46 item 3: the player deletes their own account, proven with the current password or a passkey. */
export async function deleteOwnAccount(db: Db, userId: number, proof: DeletionProof): Promise<DeletedAccount> {
  return deleteProvenAccount(db, userId, await checkDeletionProof(db, userId, proof));
}

/** The deletion after checkDeletionProof answered `checkedHash` (the route ends checkouts in between). */
export async function deleteProvenAccount(db: Db, userId: number, checkedHash: string | null): Promise<DeletedAccount> {
  return db.transaction(async (trx) => {
    // A password changed elsewhere since the check makes the typed one wrong (as for e-mail).
    const user = await lockUser(trx, userId);
    if (checkedHash !== null && user.passwordHash !== checkedHash) throw badRequest(MSG.currentPasswordWrong);
    return eraseAccount(trx, userId);
  });
}

/**
 * Erases one account inside the caller's transaction, the player's row locked first so an open
 * pack, a trade or a battle round of theirs either finished before or finds no player after.
 *
 * What goes: the users row (login username, display name, e-mail, password hash, balances,
 * counters, seeds) and, by ON DELETE CASCADE on each foreign key, the player's cards, pulls,
 * fairness reveals, player_scores row (the leaderboard reads it live: the player leaves it with
 * this commit, and the trigger on users lowers leaderboard_stats' player count), reward claims,
 * chat messages, blocks both ways, mutes, test-provider payment intents and every session (each
 * device's next request is a 401). Every trade to or from the player (open offers and history)
 * is removed here first, so no other player's card stays reserved by an offer to a missing player.
 * (Finished trades leave the other player's History tab too: a trade row points at both card rows,
 * and one of them is the deleted player's. Keeping them needs card snapshots on trades: not done.)
 *
 * What stays, without the player's identity:
 * - purchases: kept for accounting (law), amounts, package, provider reference and dates intact.
 *   purchases.user_id is nullable with ON DELETE SET NULL (since the first migration), so the row
 *   simply loses its owner; no tombstone user is needed, nothing else identifies the buyer here.
 *   A checkout still open is marked abandoned (the route ends it at the provider first).
 * - other players' battles against them: opponent_user_id goes null by its foreign key, the
 *   stored name becomes 'Deleted player' and a win of theirs reads as the opponent's (Arena Bot's
 *   id, as for every null opponent), so the other player's history and stats stay whole.
 * - chat reports they made (reporter_id set null) and reports about their messages (the text was
 *   copied into the report): operators keep acting on what was reported.
 * The login username and the display name are free again once the row is gone.
 */
export async function eraseAccount(trx: Trx, userId: number): Promise<DeletedAccount> {
  const user = await lockUser(trx, userId);
  // Counted from RETURNING: knex-pglite does not answer a row count for a delete.
  const trades = await trx("trades").where("from_user_id", userId).orWhere("to_user_id", userId).delete().returning("id");
  const battles = await trx("battles")
    .where("opponent_user_id", userId)
    .update({
      opponent_user_id: null,
      player2_name: MSG.deletedPlayerName,
      winner_user_id: trx.raw("CASE WHEN winner_user_id = ? THEN ? ELSE winner_user_id END", [userId, ARENA_BOT_ID]),
    })
    .returning("id");
  await trx("purchases").where("user_id", userId).whereIn("status", ["pending", "failed"]).whereNull("ended_at").update({ status: trx.raw("CASE WHEN status = 'failed' THEN 'failed' ELSE 'abandoned' END"), ended_at: trx.fn.now() });
  const kept = await trx("purchases").where("user_id", userId).count({ n: "*" }).first();
  await trx("users").where("id", userId).delete();
  return { userId, cards: Number(user.cardCount), tradesRemoved: trades.length, battlesAnonymised: battles.length, purchasesKept: Number(kept?.n ?? 0) };
}
