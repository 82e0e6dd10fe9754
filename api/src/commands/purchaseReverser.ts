import { MSG } from "../contract/messages.ts";
import type { Db } from "../db/knex.ts";
import { changeCoins } from "../game/coins.ts";
import { notFound } from "../http/errors.ts";
import type { PaymentReversal } from "../payments/provider.ts";
import { Purchase } from "../models/Purchase.ts";
import { lockPurchaseAfterPlayer, type PurchaseRow } from "../queries/purchases.ts";
import { coinState, lockUser } from "../queries/users.ts";

/**
 * Money went back (a refund or a chargeback): the purchase reads Refunded or Disputed and the
 * share of its credit that was paid back is taken from the player, in one transaction. The
 * purchase row keeps what was taken so far, so however often the event arrives, and as partial
 * refunds add up, each coin is taken back once. The balance may go below zero; spending then
 * waits until it is positive again (RULES.md: a spend never starts from a negative balance).
 */
/**
 * A dispute the merchant won: the money stayed, so what the dispute took back is credited again
 * and the purchase reads completed. Only a disputed purchase changes, so a replay does nothing.
 */
export async function restoreDisputedPayment(db: Db, intentId: string, now = new Date()): Promise<{ restored: boolean }> {
  return db.transaction(async (trx) => {
    const purchase = await lockPurchaseAfterPlayer(trx, intentId);
    if (!purchase) throw notFound(MSG.purchaseNotFound);
    if (purchase.status !== "disputed") return { restored: false };
    if (purchase.userId !== null && (purchase.coinsReversed > 0 || purchase.gemsReversed > 0)) {
      const user = await lockUser(trx, purchase.userId);
      const coins = changeCoins(coinState(user), purchase.coinsReversed, now);
      await trx("users")
        .where({ id: purchase.userId })
        .update({ coins: coins.coins, last_coin_generation: coins.lastCoinGeneration, gems: user.gems + purchase.gemsReversed, updated_at: now });
    }
    await Purchase.query(trx).findById(purchase.id).patch({ status: "completed", coinsReversed: 0, gemsReversed: 0, reversedAt: null });
    return { restored: true };
  });
}

export async function reversePayment(db: Db, reversal: PaymentReversal, now = new Date()): Promise<{ purchase: PurchaseRow; takenCoins: number; takenGems: number }> {
  return db.transaction(async (trx) => {
    const purchase = await lockPurchaseAfterPlayer(trx, reversal.intentId);
    if (!purchase) throw notFound(MSG.purchaseNotFound);
    const amount = reversal.amountCents ?? purchase.amountCents;
    const share = amount > 0 ? Math.min(1, Math.max(0, reversal.reversedCents / amount)) : 1;
    const targetCoins = Math.ceil(purchase.coinsAwarded * share);
    const targetGems = Math.ceil(purchase.gemsAwarded * share);
    const takenCoins = Math.max(0, targetCoins - purchase.coinsReversed);
    const takenGems = Math.max(0, targetGems - purchase.gemsReversed);
    if ((takenCoins > 0 || takenGems > 0) && purchase.userId !== null) {
      const user = await lockUser(trx, purchase.userId);
      const coins = changeCoins(coinState(user), -takenCoins, now);
      await trx("users")
        .where({ id: purchase.userId })
        .update({ coins: coins.coins, last_coin_generation: coins.lastCoinGeneration, gems: user.gems - takenGems, updated_at: now });
    }
    // A dispute outranks a refund in what the history says; nothing outranks either.
    const status = purchase.status === "disputed" || reversal.reason === "disputed" ? "disputed" : "refunded";
    await Purchase.query(trx)
      .findById(purchase.id)
      .patch({ status, coinsReversed: purchase.coinsReversed + takenCoins, gemsReversed: purchase.gemsReversed + takenGems, reversedAt: now });
    return { purchase: { ...purchase, status, coinsReversed: purchase.coinsReversed + takenCoins, gemsReversed: purchase.gemsReversed + takenGems }, takenCoins, takenGems };
  });
}
