import { MSG } from "../contract/messages.ts";
import type { Db } from "../db/knex.ts";
import { changeCoins } from "../game/coins.ts";
import { creditOf, STORE_CURRENCY } from "../game/store.ts";
import { badRequest, forbidden, notFound } from "../http/errors.ts";
import type { PaymentIntentInfo } from "../payments/provider.ts";
import { findPackage, findPurchaseByIntent, type PurchaseRow } from "../queries/purchases.ts";
import { coinState, lockUser } from "../queries/users.ts";

export interface Fulfilment {
  purchase: PurchaseRow;
  /** Whether this call credited the player (false when an earlier one already had). */
  credited: boolean;
}

/**
 * The one place a payment turns into coins or gems; confirm-purchase and the webhook both call
 * it. The purchase row (unique per payment intent) is locked, so however many times and in
 * whatever order they arrive, a payment credits once. Amounts come from the package row.
 */
export async function fulfilPayment(db: Db, intent: PaymentIntentInfo, provider: string, expect: { userId?: number; packageId?: string } = {}, now = new Date()): Promise<Fulfilment> {
  return db.transaction(async (trx) => {
    let purchase = await findPurchaseByIntent(trx, intent.id, { lock: true });
    if (!purchase) {
      // An intent this server never recorded: only its metadata can say whose it is.
      if (!intent.userId || !intent.packageId) throw notFound(MSG.purchaseNotFound);
      if (expect.userId !== undefined && intent.userId !== expect.userId) throw forbidden(MSG.purchaseNotYours);
      const pkg = await findPackage(trx, intent.packageId);
      if (!pkg) throw badRequest(MSG.unknownPackage);
      await trx("purchases")
        .insert({ user_id: intent.userId, package_id: pkg.id, provider, test: provider === "test", payment_intent_id: intent.id, status: "pending", amount_cents: pkg.priceCents, created_at: now })
        .onConflict("payment_intent_id")
        .ignore();
      purchase = (await findPurchaseByIntent(trx, intent.id, { lock: true }))!;
    }
    if (expect.userId !== undefined && purchase.userId !== expect.userId) throw forbidden(MSG.purchaseNotYours);
    if (intent.userId !== null && intent.userId !== purchase.userId) throw forbidden(MSG.purchaseNotYours);
    if (expect.packageId !== undefined && expect.packageId !== purchase.packageId) throw badRequest(MSG.purchasePackageMismatch);
    if (intent.packageId !== null && intent.packageId !== purchase.packageId) throw badRequest(MSG.purchasePackageMismatch);
    if (intent.amountCents !== purchase.amountCents || intent.currency !== STORE_CURRENCY) throw badRequest(MSG.purchaseAmountMismatch);

    // Paid once already, or paid and then given back: never credited again.
    if (purchase.status === "completed" || purchase.status === "refunded" || purchase.status === "disputed") return { purchase, credited: false };
    if (intent.status === "failed") {
      await trx("purchases").where({ id: purchase.id }).update({ status: "failed" });
      return { purchase: { ...purchase, status: "failed" }, credited: false };
    }
    if (intent.status !== "succeeded") return { purchase, credited: false };

    const pkg = (await findPackage(trx, purchase.packageId))!;
    const credit = creditOf(pkg);
    if (purchase.userId !== null) {
      const user = await lockUser(trx, purchase.userId);
      const coins = changeCoins(coinState(user), credit.coins, now);
      await trx("users")
        .where({ id: purchase.userId })
        .update({ coins: coins.coins, last_coin_generation: coins.lastCoinGeneration, gems: trx.raw("gems + ?", [credit.gems]), updated_at: now });
    }
    await trx("purchases").where({ id: purchase.id }).update({ status: "completed", coins_awarded: credit.coins, gems_awarded: credit.gems, completed_at: now });
    return { purchase: { ...purchase, status: "completed", coinsAwarded: credit.coins, gemsAwarded: credit.gems }, credited: true };
  });
}
