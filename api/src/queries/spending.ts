import type { Db, Trx } from "../db/knex.ts";
import { monthStart } from "../game/spendingLimit.ts";

/** An unpaid checkout holds its amount against the limit this long (the store reuses it as long). */
const RESERVED_MS = 60 * 60 * 1000;

/**
 * The month's paid total (completed purchases paid since the UTC month began; refunded and
 * disputed ones gave the money back) and what open checkouts of the last hour still reserve.
 */
export async function monthSpending(db: Db | Trx, userId: number, now: Date, opts: { exceptPackage?: string } = {}): Promise<{ paidCents: number; reservedCents: number }> {
  const start = monthStart(now);
  const row = await db("purchases")
    .where("user_id", userId)
    .andWhere("created_at", ">=", new Date(Math.min(start.getTime(), now.getTime() - RESERVED_MS)))
    .first(
      db.raw(`coalesce(sum(amount_cents) FILTER (WHERE status = 'completed' AND coalesce(completed_at, created_at) >= ?), 0)::int AS paid`, [start]),
      db.raw(`coalesce(sum(amount_cents) FILTER (WHERE status = 'pending' AND created_at > ? AND package_id <> ?), 0)::int AS reserved`, [
        new Date(now.getTime() - RESERVED_MS),
        opts.exceptPackage ?? "",
      ]),
    );
  return { paidCents: row?.paid ?? 0, reservedCents: row?.reserved ?? 0 };
}
