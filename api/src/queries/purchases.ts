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
  createdAt: Date;
}

export type PurchaseStatus = "pending" | "completed" | "failed" | "refunded" | "disputed" | "abandoned";

const PURCHASE_COLUMNS = ["p.id", "p.user_id", "p.package_id", "k.name as package_name", "p.payment_intent_id", "p.status", "p.amount_cents", "p.coins_awarded", "p.gems_awarded", "p.coins_reversed", "p.gems_reversed", "p.test", "p.created_at"];
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
});

export async function findPurchaseByIntent(db: Db | Trx, paymentIntentId: string, opts: { lock?: boolean } = {}): Promise<PurchaseRow | undefined> {
  const q = db("purchases as p").join("packages as k", "k.id", "p.package_id").where("p.payment_intent_id", paymentIntentId).first(PURCHASE_COLUMNS);
  if (opts.lock) q.forUpdate("p");
  const row = await q;
  return row ? toPurchase(row) : undefined;
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
  paymentIntentId: string;
  provider: string;
  createdAt: Date;
}

/** The player's one unpaid checkout of a package, if any (a unique index keeps it one). */
export async function openCheckoutOf(db: Db, userId: number, packageId: string): Promise<OpenCheckout | undefined> {
  const row = await db("purchases").where({ user_id: userId, package_id: packageId, status: "pending" }).first("id", "payment_intent_id", "provider", "created_at");
  return row ? { id: row.id, paymentIntentId: row.payment_intent_id, provider: row.provider, createdAt: new Date(row.created_at) } : undefined;
}
