// The store's and the settings' reading of RULES.md's spending limit (the server decides).
import { MSG } from "@contract/messages";
import type { SpendingLimitDto } from "@contract/spending";
import { dollars, wouldPassLimit } from "../../../../api/src/game/spendingLimit";

/** Why a package cannot be bought under the limit, or null. */
export function limitProblem(limit: SpendingLimitDto | undefined, priceCents: number): string | null {
  if (!limit || limit.monthlyLimitCents === null) return null;
  return wouldPassLimit(limit.monthlyLimitCents, limit.spentThisMonthCents, priceCents) ? MSG.spendingLimitPassed(dollars(limit.monthlyLimitCents)) : null;
}

/** "$4.99 of $10 spent this month". */
export const spentLine = (limit: SpendingLimitDto): string =>
  MSG.spendingLimitSpent(dollars(limit.spentThisMonthCents), limit.monthlyLimitCents === null ? null : dollars(limit.monthlyLimitCents));

/** "$39.99 held by an unfinished checkout until it is paid or ends" (cents: a package's price). */
export const reservedLine = (limit: SpendingLimitDto): string => MSG.spendingLimitReserved(dollars(limit.reservedCents));

/** The text field's whole dollars as cents: null for empty (no limit), NaN for anything else. */
export function centsOfDollars(text: string): number | null {
  const t = text.trim().replace(/^\$/, "");
  if (t === "") return null;
  return /^\d{1,6}$/.test(t) ? Number(t) * 100 : Number.NaN;
}
