import type { Db, Trx } from "../db/knex.ts";

export interface PackageRow {
  id: string;
  name: string;
  type: "coins" | "gems";
  coins: number;
  gems: number;
  priceCents: number;
  popular: boolean;
  bonus: string | null;
  bonusPercentage: number;
}

const toPackage = (r: Record<string, any>): PackageRow => ({
  id: r.id,
  name: r.name,
  type: r.type,
  coins: r.coins,
  gems: r.gems,
  priceCents: r.price_cents,
  popular: r.popular,
  bonus: r.bonus,
  bonusPercentage: r.bonus_percentage,
});

export async function packagesForSale(db: Db): Promise<PackageRow[]> {
  return (await db("packages").where({ active: true }).orderBy([{ column: "sort_order" }, { column: "id" }])).map(toPackage);
}

export async function findPackage(db: Db | Trx, id: string, opts: { forSaleOnly?: boolean } = {}): Promise<PackageRow | undefined> {
  const q = db("packages").where({ id });
  if (opts.forSaleOnly) q.andWhere({ active: true });
  const row = await q.first();
  return row ? toPackage(row) : undefined;
}

export interface PurchaseRow {
  id: number;
  userId: number | null;
  packageId: string;
  packageName: string;
  paymentIntentId: string;
  status: PurchaseStatus;
  amountCents: number;
  coinsAwarded: number;
  gemsAwarded: number;
  /** Taken back after a refund or a dispute. */
  coinsReversed: number;
  gemsReversed: number;
  /** Paid through the built-in test provider: no real money. */
  test: boolean;
  /** The checkout's time. */
  createdAt: Date;
  /** When the money was taken (the capture), for a completed, refunded or disputed purchase. */
  completedAt: Date | null;
  /** When the checkout was ended at the provider before payment (no card can pay it any more). */
  endedAt: Date | null;
}

/**
 * pending: a checkout not paid yet (or authorized, being captured); failed: declined, payable again
 * with another card; refused: authorized, and its capture refused by the spending limit (the hold
 * released); abandoned: ended before payment (a newer checkout, a lower limit, the sweep).
 */
export type PurchaseStatus = "pending" | "completed" | "failed" | "refused" | "refunded" | "disputed" | "abandoned";

const PURCHASE_COLUMNS = ["p.id", "p.user_id", "p.package_id", "k.name as package_name", "p.payment_intent_id", "p.status", "p.amount_cents", "p.coins_awarded", "p.gems_awarded", "p.coins_reversed", "p.gems_reversed", "p.test", "p.created_at", "p.completed_at", "p.ended_at"];
const toPurchase = (r: Record<string, any>): PurchaseRow => ({
  id: r.id,
  userId: r.user_id,
  packageId: r.package_id,
  packageName: r.package_name,
  paymentIntentId: r.payment_intent_id,
  status: r.status,
  amountCents: r.amount_cents,
  coinsAwarded: r.coins_awarded,
  gemsAwarded: r.gems_awarded,
  coinsReversed: r.coins_reversed,
  gemsReversed: r.gems_reversed,
  test: r.test,
  createdAt: new Date(r.created_at),
  completedAt: r.completed_at ? new Date(r.completed_at) : null,
  endedAt: r.ended_at ? new Date(r.ended_at) : null,
});

export async function findPurchaseByIntent(db: Db | Trx, paymentIntentId: string, opts: { lock?: boolean } = {}): Promise<PurchaseRow | undefined> {
  const q = db("purchases as p").join("packages as k", "k.id", "p.package_id").where("p.payment_intent_id", paymentIntentId).first(PURCHASE_COLUMNS);
  if (opts.lock) q.forUpdate("p");
  const row = await q;
  return row ? toPurchase(row) : undefined;
}

/**
 * The purchase of an intent, locked after its player's row. Every change of a payment takes the
 * two in this order (checkouts, captures, refunds), so two of them never wait on each other.
 */
export async function lockPurchaseAfterPlayer(trx: Trx, paymentIntentId: string): Promise<PurchaseRow | undefined> {
  const seen = await findPurchaseByIntent(trx, paymentIntentId);
  if (!seen) return undefined;
  if (seen.userId !== null) await trx("users").where("id", seen.userId).forUpdate().first("id");
  return findPurchaseByIntent(trx, paymentIntentId, { lock: true });
}

export async function purchaseHistoryOf(db: Db, userId: number, limit = 100): Promise<PurchaseRow[]> {
  const rows = await db("purchases as p")
    .join("packages as k", "k.id", "p.package_id")
    .where("p.user_id", userId)
    // A checkout left unpaid and replaced by a newer one is nothing the player did.
    .whereNot("p.status", "abandoned")
    .orderBy([{ column: "p.created_at", order: "desc" }, { column: "p.id", order: "desc" }])
    .limit(limit)
    .select(PURCHASE_COLUMNS);
  return rows.map(toPurchase);
}

export interface OpenCheckout {
  id: number;
  packageId: string;
  paymentIntentId: string;
  provider: string;
  status: "pending" | "failed";
  createdAt: Date;
}

const OPEN_COLUMNS = ["id", "package_id", "payment_intent_id", "provider", "status", "created_at"];
const toOpen = (r: Record<string, any>): OpenCheckout => ({ id: r.id, packageId: r.package_id, paymentIntentId: r.payment_intent_id, provider: r.provider, status: r.status, createdAt: new Date(r.created_at) });

/** The player's one unpaid checkout of a package, if any (a unique index keeps it one). */
export async function openCheckoutOf(db: Db, userId: number, packageId: string): Promise<OpenCheckout | undefined> {
  const row = await db("purchases").where({ user_id: userId, package_id: packageId, status: "pending" }).first(OPEN_COLUMNS);
  return row ? toOpen(row) : undefined;
}

/** The player's checkouts not captured and not ended (unpaid, declined or authorized), locked; the player's row must be locked first. */
export async function openCheckoutsOf(trx: Trx, userId: number, provider: string): Promise<OpenCheckout[]> {
  const rows = await trx("purchases").where({ user_id: userId, provider }).whereIn("status", ["pending", "failed"]).whereNull("ended_at").orderBy("id").forUpdate().select(OPEN_COLUMNS);
  return rows.map(toOpen);
}

/** Open checkouts older than `before`, oldest first, for the sweep that ends them. */
export async function staleCheckouts(db: Db, provider: string, before: Date, limit: number): Promise<Array<{ userId: number; paymentIntentId: string }>> {
  const rows = await db("purchases")
    .where({ provider })
    .whereIn("status", ["pending", "failed"])
    .whereNull("ended_at")
    .andWhere("created_at", "<", before)
    .whereNotNull("user_id")
    .orderBy("created_at")
    .limit(limit)
    .select("user_id", "payment_intent_id");
  return rows.map((r) => ({ userId: r.user_id, paymentIntentId: r.payment_intent_id }));
}
