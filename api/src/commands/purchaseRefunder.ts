import type { Db } from "../db/knex.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import { findPurchaseByIntent, type PurchaseRow } from "../queries/purchases.ts";
import { AdminError, audit, checkOperator } from "./chatModeration.ts";
import { reversePayment } from "./purchaseReverser.ts";

export interface RefundDone {
  purchase: PurchaseRow;
  username: string | null;
  /** What went back to the card now (0 when the provider had refunded it all already). */
  refundedCents: number;
  alreadyRefundedAtProvider: boolean;
  takenCoins: number;
  takenGems: number;
}

/** A purchase as support names it: its id (purchases table, `id` in the purchase history's data), or its payment intent id (pi_...). */
async function findPurchase(db: Db, ref: string): Promise<PurchaseRow | undefined> {
  const trimmed = ref.trim().replace(/^#/, "");
  if (/^\d{1,10}$/.test(trimmed)) {
    const row = await db("purchases").where({ id: Number(trimmed) }).first("payment_intent_id");
    return row ? findPurchaseByIntent(db, row.payment_intent_id) : undefined;
  }
  return trimmed ? findPurchaseByIntent(db, trimmed) : undefined;
}

const NOT_PAID: Partial<Record<PurchaseRow["status"], string>> = {
  pending: "is still pending (no money taken yet)",
  failed: "failed (the card was declined: no money taken)",
  refused: "was refused by the spending limit (the hold was released: no money taken)",
  abandoned: "was cancelled before payment (no money taken)",
};

/**
 * The operator's `refund` (issue 46, item 5): the payment goes back through the provider that took
 * it (Stripe: a Refund of what is left; the test provider: its own tables, as Stripe keeps them),
 * then the credit is taken back through the same reversal a Stripe refund webhook takes. The
 * reversal counts what it took on the purchase row, so the `charge.refunded` webhook that Stripe
 * sends after this refund takes nothing more, whichever of the two comes first. A refund the
 * provider had made already (from its dashboard, or a run whose reversal failed) is applied too.
 */
export async function refundPurchase(db: Db, provider: PaymentProvider | null, operatorName: string, ref: string, now = new Date()): Promise<RefundDone> {
  const operator = checkOperator(operatorName);
  const purchase = await findPurchase(db, ref);
  if (!purchase) throw new AdminError(`No purchase "${ref}": give its id (purchases table) or its payment intent id (pi_...)`);
  const name = `Purchase #${purchase.id} (${purchase.paymentIntentId})`;
  const notPaid = NOT_PAID[purchase.status];
  if (notPaid) throw new AdminError(`${name} ${notPaid}: nothing to refund`);
  if (purchase.status === "disputed") throw new AdminError(`${name} is disputed: the bank took the money back already (a chargeback), it cannot be refunded as well`);
  const fullyReversed = purchase.coinsReversed >= purchase.coinsAwarded && purchase.gemsReversed >= purchase.gemsAwarded;
  if (purchase.status === "refunded" && fullyReversed) throw new AdminError(`${name} was already fully refunded`);
  if (!provider) throw new AdminError("Payments are not configured (no Stripe keys, no test provider): nothing to refund through");
  const providerName = purchase.test ? "test" : "stripe";
  if (provider.name !== providerName) throw new AdminError(`${name} was paid through the ${providerName} provider, but this server is set up for ${provider.name}`);

  const result = await provider.refundIntent(purchase.paymentIntentId);
  if (result.outcome === "unknown") throw new AdminError(`${name}: the payment provider (${provider.name}) does not know this payment`);
  if (result.outcome === "notCaptured") throw new AdminError(`${name}: the payment provider (${provider.name}) took no money for it: nothing to refund`);
  const refundedCents = result.outcome === "refunded" ? result.refundedCents : 0;
  return db.transaction(async (trx) => {
    // Everything is refunded now: the reversal's target is the whole credit.
    const reversal = await reversePayment(trx, { intentId: purchase.paymentIntentId, reason: "refunded", reversedCents: purchase.amountCents, amountCents: purchase.amountCents }, now);
    const player = purchase.userId === null ? undefined : await trx("users").where({ id: purchase.userId }).first("username");
    await audit(
      trx,
      operator,
      "refund",
      {
        purchaseId: purchase.id,
        paymentIntentId: purchase.paymentIntentId,
        provider: provider.name,
        userId: purchase.userId,
        amountCents: purchase.amountCents,
        refundedCents,
        alreadyRefundedAtProvider: result.outcome === "alreadyRefunded",
        takenCoins: reversal.takenCoins,
        takenGems: reversal.takenGems,
      },
      now,
    );
    return {
      purchase: reversal.purchase,
      username: player?.username ?? null,
      refundedCents,
      alreadyRefundedAtProvider: result.outcome === "alreadyRefunded",
      takenCoins: reversal.takenCoins,
      takenGems: reversal.takenGems,
    };
  });
}
