import { MSG } from "../contract/messages.ts";
import type { Db } from "../db/knex.ts";
import { STORE_CURRENCY } from "../game/store.ts";
import { badRequest } from "../http/errors.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import { findPackage } from "../queries/purchases.ts";

/**
 * POST /create-payment-intent: the price comes from the package row, the intent carries the
 * player and package in its metadata, and a pending purchase is recorded under the intent's id.
 */
export async function startPurchase(db: Db, provider: PaymentProvider, userId: number, packageId: string): Promise<{ clientSecret: string; paymentIntentId: string }> {
  const pkg = await findPackage(db, packageId, { forSaleOnly: true });
  if (!pkg) throw badRequest(MSG.unknownPackage);
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
