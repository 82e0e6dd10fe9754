import { MSG } from "../contract/messages.ts";
import type { Db } from "../db/knex.ts";
import { STORE_CURRENCY } from "../game/store.ts";
import { badRequest } from "../http/errors.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import { findPackage, openCheckoutOf, type PackageRow } from "../queries/purchases.ts";

/** How long an unpaid checkout is picked up again when the player chooses the same package. */
const CHECKOUT_REUSE_MS = 60 * 60 * 1000;

/**
 * POST /create-payment-intent: the price comes from the package row, the intent carries the
 * player and package in its metadata, and a pending purchase is recorded under the intent's id.
 * A player who backs out and picks the same package again gets the same unpaid intent back, so
 * the history does not fill with pending checkouts nobody paid.
 */
export async function startPurchase(db: Db, provider: PaymentProvider, userId: number, packageId: string, now = new Date()): Promise<{ clientSecret: string; paymentIntentId: string }> {
  const pkg = await findPackage(db, packageId, { forSaleOnly: true });
  if (!pkg) throw badRequest(MSG.unknownPackage);
  const reusable = await unpaidCheckout(db, provider, userId, pkg, now);
  if (reusable) return reusable;
  const intent = await provider.createIntent({ amountCents: pkg.priceCents, currency: STORE_CURRENCY, userId, packageId: pkg.id });
  await db("purchases").insert({
    user_id: userId,
    package_id: pkg.id,
    provider: provider.name,
    payment_intent_id: intent.id,
    status: "pending",
    amount_cents: pkg.priceCents,
  });
  return { clientSecret: intent.clientSecret, paymentIntentId: intent.id };
}

/** The same player's unpaid intent for this package at today's price, still payable. */
async function unpaidCheckout(db: Db, provider: PaymentProvider, userId: number, pkg: PackageRow, now: Date) {
  const open = await openCheckoutOf(db, userId, pkg.id, provider.name, new Date(now.getTime() - CHECKOUT_REUSE_MS));
  if (!open) return null;
  const intent = await provider.retrieveIntent(open.paymentIntentId);
  // A declined or repriced intent is left alone: the player gets a fresh one.
  if (intent?.status !== "pending" || !intent.clientSecret || intent.userId !== userId || intent.amountCents !== pkg.priceCents) return null;
  return { clientSecret: intent.clientSecret, paymentIntentId: intent.id };
}
