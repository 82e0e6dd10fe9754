import type { SpendingLimitDto } from "../contract/spending.ts";
import type { Db, Trx } from "../db/knex.ts";
import { MSG } from "../contract/messages.ts";
import { changeLimit, dollars, limitAt, wouldPassLimit, type LimitState } from "../game/spendingLimit.ts";
import { badRequest, unauthorized } from "../http/errors.ts";
import { monthSpending } from "../queries/spending.ts";

// RULES.md, Spending limit: reading and changing the player's limit. A pending raise or removal
// is applied when it is read after its time, so no job needs to run at that moment.

const COLUMNS = ["monthly_limit_cents", "pending_limit_cents", "pending_limit_at"];
type LimitRow = { monthly_limit_cents: number | null; pending_limit_cents: number | null; pending_limit_at: Date | string | null };

const stateOf = (r: LimitRow): LimitState => ({
  monthlyLimitCents: r.monthly_limit_cents,
  pending: r.pending_limit_at ? { monthlyLimitCents: r.pending_limit_cents, effectiveAt: new Date(r.pending_limit_at) } : null,
});
const rowOf = (s: LimitState) => ({
  monthly_limit_cents: s.monthlyLimitCents,
  pending_limit_cents: s.pending?.monthlyLimitCents ?? null,
  pending_limit_at: s.pending?.effectiveAt ?? null,
});

/** The limit in force at `now`, read with the player's row lock held to the end of `trx`. */
export async function lockLimitInForce(trx: Trx, userId: number, now: Date): Promise<number | null> {
  const row: LimitRow | undefined = await trx("users").where("id", userId).forUpdate().first(COLUMNS);
  if (!row) throw unauthorized();
  return limitAt(stateOf(row), now).monthlyLimitCents;
}

/** RULES.md: the refusal, before any charge, of a price that would take `spentCents` past the limit. */
export function refuseIfPastLimit(limitCents: number | null, spentCents: number, priceCents: number): void {
  if (limitCents !== null && wouldPassLimit(limitCents, spentCents, priceCents)) throw badRequest(MSG.spendingLimitPassed(dollars(limitCents)));
}

export async function spendingLimitOf(db: Db, userId: number, now = new Date()): Promise<SpendingLimitDto> {
  const [row, spent] = await Promise.all([db("users").where("id", userId).first(COLUMNS) as Promise<LimitRow | undefined>, monthSpending(db, userId, now)]);
  if (!row) throw unauthorized();
  return present(limitAt(stateOf(row), now), spent);
}

export async function setSpendingLimit(db: Db, userId: number, wanted: number | null, now = new Date()): Promise<SpendingLimitDto> {
  await db.transaction(async (trx) => {
    const row: LimitRow | undefined = await trx("users").where("id", userId).forUpdate().first(COLUMNS);
    if (!row) throw unauthorized();
    await trx("users").where("id", userId).update({ ...rowOf(changeLimit(stateOf(row), wanted, now)), updated_at: now });
  });
  return spendingLimitOf(db, userId, now);
}

const present = (s: LimitState, spent: { paidCents: number; reservedCents: number }): SpendingLimitDto => ({
  monthlyLimitCents: s.monthlyLimitCents,
  spentThisMonthCents: spent.paidCents,
  reservedCents: spent.reservedCents,
  pending: s.pending ? { monthlyLimitCents: s.pending.monthlyLimitCents, effectiveAt: s.pending.effectiveAt.toISOString() } : null,
});
