import { MSG } from "../contract/messages.ts";
import type { Db, Trx } from "../db/knex.ts";
import { changeCoins } from "../game/coins.ts";
import { dollars, wouldPassLimit } from "../game/spendingLimit.ts";
import { creditOf, STORE_CURRENCY } from "../game/store.ts";
import { badRequest, forbidden, notFound } from "../http/errors.ts";
import type { PaymentIntentInfo, PaymentProvider } from "../payments/provider.ts";
import { findPackage, findPurchaseByIntent, type PurchaseRow } from "../queries/purchases.ts";
import { monthSpending } from "../queries/spending.ts";
import { coinState, lockUser } from "../queries/users.ts";
import { lockLimitInForce } from "./spendingLimitSetter.ts";

export interface Settlement {
  purchase: PurchaseRow;
  /** Whether this call credited the player (false when an earlier one already had). */
  credited: boolean;
  /** Why an authorized payment was not captured (its authorization released), for the player. */
  refusal: string | null;
}

/**
 * The one place a payment is decided and turned into coins or gems, for both providers: the
 * client's confirm-purchase, Stripe's webhooks and the test provider's card step all call it.
 *
 * RULES.md, Spending limit: money is taken only here. An authorized payment is captured inside a
 * transaction that holds the player's row lock and finds the month's captured total plus this
 * amount within the limit; otherwise the authorization is cancelled at the provider and nothing is
 * charged. Checkouts and limit changes take the same lock, so no capture passes a limit set, or a
 * checkout ended, before it. The purchase row (unique per intent) is locked after the player's,
 * so however many times and in whatever order the calls arrive, a payment is captured and
 * credited once. Amounts come from the package row.
 */
export async function settlePayment(
  db: Db,
  provider: PaymentProvider,
  intent: PaymentIntentInfo,
  expect: { userId?: number; packageId?: string } = {},
  now = new Date(),
): Promise<Settlement> {
  return db.transaction(async (trx) => {
    const known = await findPurchaseByIntent(trx, intent.id);
    if (!known) {
      // An intent this server never recorded: only its metadata can say whose it is.
      if (!intent.userId || !intent.packageId) throw notFound(MSG.purchaseNotFound);
      if (expect.userId !== undefined && intent.userId !== expect.userId) throw forbidden(MSG.purchaseNotYours);
    }
    const ownerId = known ? known.userId : intent.userId;
    // The player's row first, as a checkout and a limit change take it: see above.
    const limitCents = ownerId !== null ? await lockLimitInForce(trx, ownerId, now) : null;
    if (!known) {
      const pkg = await findPackage(trx, intent.packageId!);
      if (!pkg) throw badRequest(MSG.unknownPackage);
      await trx("purchases")
        .insert({ user_id: ownerId, package_id: pkg.id, provider: provider.name, test: provider.name === "test", payment_intent_id: intent.id, status: "pending", amount_cents: pkg.priceCents, created_at: now })
        .onConflict("payment_intent_id")
        .ignore();
    }
    const purchase = (await findPurchaseByIntent(trx, intent.id, { lock: true }))!;
    if (expect.userId !== undefined && purchase.userId !== expect.userId) throw forbidden(MSG.purchaseNotYours);
    if (intent.userId !== null && intent.userId !== purchase.userId) throw forbidden(MSG.purchaseNotYours);
    if (expect.packageId !== undefined && expect.packageId !== purchase.packageId) throw badRequest(MSG.purchasePackageMismatch);
    if (intent.packageId !== null && intent.packageId !== purchase.packageId) throw badRequest(MSG.purchasePackageMismatch);
    if (intent.amountCents !== purchase.amountCents || intent.currency !== STORE_CURRENCY) throw badRequest(MSG.purchaseAmountMismatch);

    const settled = (p: PurchaseRow, refusal: string | null = null): Settlement => ({ purchase: p, credited: false, refusal });
    // Paid once already, or paid and then given back: never captured or credited again (a
    // second authorization of it, were there one, is released).
    if (purchase.status === "completed" || purchase.status === "refunded" || purchase.status === "disputed") {
      if (intent.status === "authorized") await provider.cancelIntent(intent.id, trx);
      return settled(purchase);
    }

    if (intent.status === "succeeded") return credit(trx, purchase, now);
    if (intent.status === "pending") return settled(purchase);
    const open = (purchase.status === "pending" || purchase.status === "failed") && !purchase.endedAt;
    if (intent.status === "failed") {
      // Declined: payable again with another card, so it still reserves. Cancelled: over (a
      // declined attempt still reads Failed; an unpaid one leaves the history).
      if (!open) return settled(purchase);
      const status = purchase.status === "failed" || !intent.cancelled ? "failed" : "abandoned";
      await trx("purchases")
        .where({ id: purchase.id })
        .update({ status, ...(intent.cancelled ? { ended_at: now } : {}) });
      return settled({ ...purchase, status, endedAt: intent.cancelled ? now : null });
    }

    // Authorized: capture, or release the card's hold with the reason.
    if (!open) {
      // This checkout was ended (a newer checkout, a lower limit, the sweep) before the card came.
      const after = await provider.cancelIntent(intent.id, trx);
      if (after?.status === "succeeded") return credit(trx, purchase, now);
      return settled(purchase, purchase.status === "refused" && limitCents !== null ? MSG.spendingLimitPassed(dollars(limitCents)) : MSG.checkoutEnded);
    }
    if (ownerId !== null && limitCents !== null) {
      const { paidCents } = await monthSpending(trx, ownerId, now);
      if (wouldPassLimit(limitCents, paidCents, purchase.amountCents)) {
        const after = await provider.cancelIntent(intent.id, trx);
        if (after?.status === "succeeded") return credit(trx, purchase, now);
        await trx("purchases").where({ id: purchase.id }).update({ status: "refused", ended_at: now });
        return settled({ ...purchase, status: "refused" }, MSG.spendingLimitPassed(dollars(limitCents)));
      }
    }
    const captured = await provider.captureIntent(intent.id, trx);
    if (captured?.status === "succeeded") return credit(trx, purchase, now);
    // Not capturable after all (cancelled at the provider, or its authorization ran out).
    if (captured?.cancelled) {
      await trx("purchases").where({ id: purchase.id }).update({ status: "abandoned", ended_at: now });
      return settled({ ...purchase, status: "abandoned" }, MSG.checkoutEnded);
    }
    return settled(purchase, MSG.paymentFailed);
  });
}

/** Money taken: the package's coins and gems go to the player, once, and the purchase reads completed at the capture. */
async function credit(trx: Trx, purchase: PurchaseRow, now: Date): Promise<Settlement> {
  const pkg = (await findPackage(trx, purchase.packageId))!;
  const { coins: addCoins, gems: addGems } = creditOf(pkg);
  if (purchase.userId !== null) {
    const user = await lockUser(trx, purchase.userId);
    const coins = changeCoins(coinState(user), addCoins, now);
    await trx("users")
      .where({ id: purchase.userId })
      .update({ coins: coins.coins, last_coin_generation: coins.lastCoinGeneration, gems: trx.raw("gems + ?", [addGems]), updated_at: now });
  }
  await trx("purchases").where({ id: purchase.id }).update({ status: "completed", coins_awarded: addCoins, gems_awarded: addGems, completed_at: now });
  return { purchase: { ...purchase, status: "completed", coinsAwarded: addCoins, gemsAwarded: addGems, completedAt: now }, credited: true, refusal: null };
}
