import type { Db } from "../db/knex.ts";
import { deleteAccountAsOperator, findAccounts } from "../commands/accountAdmin.ts";

// The admin CLI's account commands (issue 46 item 3), kept apart from adminCommands.ts's switch.
export const ACCOUNT_USAGE = `  find <username|email|display name>      id, username, display name, e-mail, created, last seen
  delete-account <username>               deletes the account as "Delete my account" does`;

const day = (d: Date) => d.toISOString().replace("T", " ").slice(0, 16) + " UTC";

/**
 * Runs an account command if `command` is one; answers its exit code, or null when it is not an
 * account command (or its arguments are wrong: the caller prints the usage). AdminError passes up.
 */
export async function runAccountCommand(db: Db, operator: string, command: string | undefined, rest: string[], out: (line: string) => void, now: Date): Promise<number | null> {
  switch (command) {
    case "find": {
      if (!rest.length) return null;
      const found = await findAccounts(db, operator, rest.join(" "), now);
      if (!found.length) out("No account matches.");
      for (const a of found) {
        out(`id ${a.id}  username: ${a.username}  display name: ${a.displayName ?? "(none)"}  e-mail: ${a.email ?? "(none)"}  created: ${day(a.createdAt)}  last seen: ${day(a.lastSeenAt)}`);
      }
      return 0;
    }
    case "delete-account": {
      const [username] = rest;
      if (!username || rest.length > 1) return null;
      const d = await deleteAccountAsOperator(db, operator, username, now);
      out(`Deleted account id ${d.userId} (${d.cards} cards, ${d.tradesRemoved} trades removed, ${d.battlesAnonymised} battles of others anonymised, ${d.purchasesKept} purchases kept without owner), by ${operator}.`);
      return 0;
    }
  }
  return null;
}
