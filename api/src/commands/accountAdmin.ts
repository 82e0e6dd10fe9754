import type { Db } from "../db/knex.ts";
import { eraseAccount, type DeletedAccount } from "./accountDeleter.ts";
import { AdminError, audit, checkOperator, playerByUsername } from "./chatModeration.ts";

/**
 * Operator actions on whole accounts (issue 46 item 3), called by the admin CLI. Like the chat
 * moderation commands, each runs in one transaction with its admin_audit row. The audit keeps
 * ids, not identities: after a deletion no row names the player.
 */

export interface FoundAccount {
  id: number;
  username: string;
  displayName: string | null;
  email: string | null;
  createdAt: Date;
  /** The last write to the player's row: a daily visit, a pack, a setting. */
  lastSeenAt: Date;
}

/** Accounts whose login username, e-mail or display name is `text` (any case), oldest first. */
export async function findAccounts(db: Db, operator: string, text: string, now = new Date()): Promise<FoundAccount[]> {
  const by = checkOperator(operator);
  const query = text.trim();
  if (!query || query.length > 254) throw new AdminError("Give a username, e-mail or display name (1-254 characters)");
  return db.transaction(async (trx) => {
    const rows = await trx("users")
      .whereRaw("lower(username) = lower(?)", [query])
      .orWhereRaw("lower(email) = lower(?)", [query])
      .orWhereRaw("lower(display_name) = lower(?)", [query])
      .orderBy("id")
      .select("id", "username", "display_name", "email", "created_at", "updated_at");
    // The audit says that a search happened and what it found, by id; the searched text may be an e-mail.
    await audit(trx, by, "find", { found: rows.map((r: { id: number }) => r.id) }, now);
    return rows.map((r: Record<string, any>) => ({
      id: r.id,
      username: r.username,
      displayName: r.display_name,
      email: r.email,
      createdAt: new Date(r.created_at),
      lastSeenAt: new Date(r.updated_at),
    }));
  });
}

/** Deletes the account with this login username exactly as the player's own deletion does (no password). */
export async function deleteAccountAsOperator(db: Db, operator: string, username: string, now = new Date()): Promise<DeletedAccount> {
  const by = checkOperator(operator);
  return db.transaction(async (trx) => {
    const user = await playerByUsername(trx, username);
    const erased = await eraseAccount(trx, user.id);
    await audit(trx, by, "delete-account", { ...erased }, now);
    return erased;
  });
}
