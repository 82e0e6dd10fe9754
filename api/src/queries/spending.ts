import type { Db, Trx } from "../db/knex.ts";
import { monthStart } from "../game/spendingLimit.ts";

/**
 * RULES.md, Spending limit. `paidCents`: the month's captured total, payments counted in the UTC
 * month of their capture (refunded and disputed ones gave the money back). `reservedCents`: what
 * the player's open checkouts hold, unpaid, declined (payable again with another card) or
 * authorized and not captured, whatever their age, until captured or cancelled at the provider.
 */
export async function monthSpending(db: Db | Trx, userId: number, now: Date, opts: { exceptPackage?: string } = {}): Promise<{ paidCents: number; reservedCents: number }> {
  const start = monthStart(now);
  const row = await db("purchases")
    .where("user_id", userId)
    .andWhere((q) => q.where((o) => o.whereIn("status", ["pending", "failed"]).whereNull("ended_at")).orWhere((c) => c.where("status", "completed").andWhere("completed_at", ">=", start)))
    .first(
      db.raw(`coalesce(sum(amount_cents) FILTER (WHERE status = 'completed'), 0)::int AS paid`),
      db.raw(`coalesce(sum(amount_cents) FILTER (WHERE status IN ('pending', 'failed') AND package_id <> ?), 0)::int AS reserved`, [opts.exceptPackage ?? ""]),
    );
  return { paidCents: row?.paid ?? 0, reservedCents: row?.reserved ?? 0 };
}
