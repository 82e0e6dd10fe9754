import type { Db, Trx } from "../db/knex.ts";
import { monthStart } from "../game/spendingLimit.ts";

/** An unpaid checkout holds its amount against the limit this long (the store reuses it as long). */
const RESERVED_MS = 60 * 60 * 1000;

/**
 * The month's paid total (completed purchases paid since the UTC month began; refunded and
 * disputed ones gave the money back) and what open checkouts of the last hour still reserve. A
 * declined checkout is still open: its intent can be paid with another card (Stripe's and the
 * test provider's alike), so it reserves as an unpaid one does.
 */
export async function monthSpending(db: Db | Trx, userId: number, now: Date, opts: { exceptPackage?: string } = {}): Promise<{ paidCents: number; reservedCents: number }> {
  const start = monthStart(now);
  const row = await db("purchases")
    .where("user_id", userId)
    .andWhere("created_at", ">=", new Date(Math.min(start.getTime(), now.getTime() - RESERVED_MS)))
    .first(
      db.raw(`coalesce(sum(amount_cents) FILTER (WHERE status = 'completed' AND coalesce(completed_at, created_at) >= ?), 0)::int AS paid`, [start]),
      db.raw(`coalesce(sum(amount_cents) FILTER (WHERE status IN ('pending', 'failed') AND created_at > ? AND package_id <> ?), 0)::int AS reserved`, [
        new Date(now.getTime() - RESERVED_MS),
        opts.exceptPackage ?? "",
      ]),
    );
  return { paidCents: row?.paid ?? 0, reservedCents: row?.reserved ?? 0 };
}

/**
 * What the test provider has charged this player and the game has not credited yet (succeeded
 * intents whose purchase is not completed, refunded or disputed): money taken that the month's
 * paid total does not show until confirm-purchase.
 */
export async function chargedNotCreditedCents(db: Db | Trx, userId: number): Promise<number> {
  const row = await db("test_payment_intents as t")
    .join("purchases as p", "p.payment_intent_id", "t.id")
    .where("t.user_id", userId)
    .andWhere("t.status", "succeeded")
    .whereNotIn("p.status", ["completed", "refunded", "disputed"])
    .first(db.raw("coalesce(sum(t.amount_cents), 0)::int AS cents"));
  return row?.cents ?? 0;
}
