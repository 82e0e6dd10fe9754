import { userInfo } from "node:os";
import type { Db } from "../db/knex.ts";
import { RESET_LINK_USAGE, resetLinkCommand } from "./resetLinkCommand.ts";
import { AdminError, mutePlayer, openReports, resolveReport, unmutePlayer } from "../commands/chatModeration.ts";
import { ACCOUNT_USAGE, runAccountCommand } from "./accountAdminCommands.ts";
import { refundPurchase } from "../commands/purchaseRefunder.ts";
import type { PaymentProvider } from "../payments/provider.ts";

export const ADMIN_USAGE = `Usage: npm run admin -- [--operator NAME] <command>
  mute <username> <minutes> [reason...]   the player cannot post in the chat until then
  unmute <username>                       lifts the player's mutes now
  reports                                 lists the open chat reports
  resolve-report <id>                     marks a report resolved
${ACCOUNT_USAGE}
${RESET_LINK_USAGE}
  refund <purchase>                       refunds a purchase in full through the payment provider and
                                          takes its coins and gems back (purchase: its id in the
                                          purchases table, or its payment intent id pi_...)
Every action is written to the admin_audit table under the operator's name (default: the OS user).`;

/** The operator's name: --operator NAME (or --operator=NAME), else the OS user running the CLI. */
export function splitOperator(argv: string[]): { operator: string; args: string[] } {
  const args: string[] = [];
  let operator: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--operator") operator = argv[++i] ?? "";
    else if (a.startsWith("--operator=")) operator = a.slice("--operator=".length);
    else args.push(a);
  }
  return { operator: operator ?? defaultOperator(), args };
}

function defaultOperator(): string {
  try {
    return userInfo().username;
  } catch {
    return process.env.USER ?? "unknown";
  }
}

function wholeNumber(text: string | undefined, what: string): number {
  if (!text || !/^\d{1,10}$/.test(text)) throw new AdminError(`${what} must be a whole number`);
  return Number(text);
}

/**
 * Runs one admin command against `db`, writing its report to `out`. Answers the exit code:
 * 0 done, 1 refused (the reason is written), 2 bad usage.
 */
export async function runAdmin(db: Db, argv: string[], out: (line: string) => void, now = new Date(), deps: { payments?: PaymentProvider | null } = {}): Promise<number> {
  const { operator, args } = splitOperator(argv);
  const [command, ...rest] = args;
  try {
    const accountCode = await runAccountCommand(db, operator, command, rest, out, now);
    if (accountCode !== null) return accountCode;
    switch (command) {
      case "mute": {
        const [username, minutes, ...reason] = rest;
        if (!username || !minutes) break;
        const m = await mutePlayer(db, operator, username, wholeNumber(minutes, "Minutes"), reason.join(" ") || null, now);
        out(`Muted ${m.username} (id ${m.userId}) until ${m.untilText} (mute ${m.muteId}, by ${operator}).`);
        return 0;
      }
      case "unmute": {
        const [username] = rest;
        if (!username || rest.length > 1) break;
        const u = await unmutePlayer(db, operator, username, now);
        out(u.lifted ? `Unmuted ${username}: ${u.lifted} running mute(s) lifted.` : `${username} was not muted; recorded anyway.`);
        return 0;
      }
      case "reports": {
        if (rest.length) break;
        const reports = await openReports(db, operator, now);
        if (!reports.length) out("No open reports.");
        for (const r of reports) {
          out(
            `#${r.id}  ${r.createdAt.toISOString()}  ${r.reason.padEnd(10)}  reported: ${r.reported ?? "(deleted)"} (${r.reportsOnPlayer} open)  by: ${r.reporter ?? "(deleted)"}  message ${r.messageId ?? "(deleted)"}: ${JSON.stringify(r.messageText)}`,
          );
        }
        return 0;
      }
      case "reset-link": {
        const code = await resetLinkCommand(db, operator, rest, out, now);
        if (code === 2) break;
        return code;
      }
      case "refund": {
        const [ref] = rest;
        if (!ref || rest.length > 1) break;
        const r = await refundPurchase(db, deps.payments ?? null, operator, ref, now);
        const money = r.alreadyRefundedAtProvider ? `the ${r.purchase.test ? "test" : "Stripe"} payment had been refunded already` : `$${(r.refundedCents / 100).toFixed(2)} refunded through ${r.purchase.test ? "the test provider" : "Stripe"}`;
        out(`Refunded purchase #${r.purchase.id} (${r.purchase.paymentIntentId}, ${r.purchase.packageName}) of ${r.username ?? "a deleted account"}: ${money}; took back ${r.takenCoins} coins and ${r.takenGems} gems (by ${operator}).`);
        return 0;
      }
      case "resolve-report": {
        const [id] = rest;
        if (!id || rest.length > 1) break;
        const r = await resolveReport(db, operator, wholeNumber(id, "The report id"), now);
        out(r.alreadyResolved ? `Report #${r.id} was already resolved.` : `Report #${r.id} resolved by ${operator}.`);
        return 0;
      }
    }
  } catch (err) {
    if (err instanceof AdminError) {
      out(err.message);
      return 1;
    }
    throw err;
  }
  out(ADMIN_USAGE);
  return 2;
}
