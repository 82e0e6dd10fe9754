import Router from "@koa/router";
import { MSG } from "../contract/messages.ts";
import { ConfirmPurchaseBody, CreatePaymentIntentBody, TestCardBody, TestRefundBody, type PurchaseResultDto } from "../contract/store.ts";
import type { Db } from "../db/knex.ts";
import { settlePayment } from "../commands/purchaseFulfiller.ts";
import { restoreDisputedPayment, reversePayment } from "../commands/purchaseReverser.ts";
import { startPurchase } from "../commands/purchaseStarter.ts";
import { requireAuth } from "../http/auth.ts";
import { hitRateLimit, type RateRule } from "../http/rateLimit.ts";
import { badRequest, HttpError, notFound } from "../http/errors.ts";
import { parseBody } from "../http/validate.ts";
import type { Logger } from "../logger.ts";
import { WebhookSignatureError, type PaymentProvider } from "../payments/provider.ts";
import { confirmTestCard } from "../payments/testProvider.ts";
import { presentPackage, presentPurchase } from "../presenters/store.ts";
import { findPurchaseByIntent, packagesForSale, purchaseHistoryOf } from "../queries/purchases.ts";

/** Checkouts per player: a person tries a few packages; a script making intents is stopped. */
const CHECKOUT_RULE: RateRule = { name: "checkout:player", limit: 12, windowMs: 60_000 };

export function storeRoutes(db: Db, provider: PaymentProvider | null, log: Logger) {
  const router = new Router();
  const auth = requireAuth(db);
  const requireProvider = (): PaymentProvider => {
    if (!provider) throw new HttpError(503, MSG.paymentsUnavailable);
    return provider;
  };

  router.get("/packages", async (ctx) => {
    ctx.body = (await packagesForSale(db)).map(presentPackage);
  });

  router.post("/create-payment-intent", auth, async (ctx) => {
    const { packageId } = parseBody(ctx, CreatePaymentIntentBody);
    await hitRateLimit(db, CHECKOUT_RULE, String(ctx.state.userId));
    ctx.body = await startPurchase(db, requireProvider(), ctx.state.userId, packageId);
  });

  /**
   * The client's word that the card went through; the provider's intent decides. An authorized
   * payment is captured here or by the webhook, whichever comes first (settlePayment: once).
   */
  router.post("/confirm-purchase", auth, async (ctx) => {
    const body = parseBody(ctx, ConfirmPurchaseBody);
    const payments = requireProvider();
    const intent = await payments.retrieveIntent(body.paymentIntentId);
    if (!intent) throw notFound(MSG.purchaseNotFound);
    const { purchase, refusal } = await settlePayment(db, payments, intent, { userId: ctx.state.userId, packageId: body.packageId });
    if (refusal) throw badRequest(refusal);
    if (purchase.status === "abandoned" || purchase.status === "refused") throw badRequest(MSG.checkoutEnded);
    if (purchase.status === "failed") throw new HttpError(402, intent.failureMessage ?? MSG.paymentFailed);
    if (purchase.status === "refunded" || purchase.status === "disputed") throw new HttpError(409, MSG.purchaseReversed);
    const user = await db("users").where({ id: ctx.state.userId }).first("coins", "gems");
    const result: PurchaseResultDto = { status: purchase.status === "completed" ? "completed" : "pending", purchase: presentPurchase(purchase), newCoinCount: user.coins, newGemCount: user.gems };
    ctx.status = result.status === "completed" ? 200 : 202;
    ctx.body = result;
  });

  router.get("/purchase-history", auth, async (ctx) => {
    ctx.set("Cache-Control", "no-cache");
    ctx.body = (await purchaseHistoryOf(db, ctx.state.userId)).map(presentPurchase);
  });

  /** Stripe's webhook: the signature over the raw body is the only credential. */
  router.post("/stripe/webhook", async (ctx) => {
    if (!provider || provider.name !== "stripe") throw notFound();
    const raw = (ctx.request as { rawBody?: string }).rawBody;
    if (typeof raw !== "string") throw badRequest(MSG.webhookSignature);
    let verified;
    try {
      verified = provider.verifyWebhook(raw, ctx.get("stripe-signature") || undefined);
    } catch (err) {
      if (err instanceof WebhookSignatureError) throw badRequest(MSG.webhookSignature);
      throw err;
    }
    if (verified.kind === "reversal") {
      try {
        const { purchase, takenCoins, takenGems } = await reversePayment(db, verified.reversal);
        log.warn("payment reversed", { intent: verified.reversal.intentId, reason: verified.reversal.reason, status: purchase.status, takenCoins, takenGems });
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        log.warn("payment reversal not matched", { intent: verified.reversal.intentId, reason: err.message });
      }
    }
    if (verified.kind === "disputeWon") {
      try {
        const { restored } = await restoreDisputedPayment(db, verified.intentId);
        log.info("dispute won", { intent: verified.intentId, restored });
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        log.warn("won dispute not matched", { intent: verified.intentId, reason: err.message });
      }
    }
    if (verified.kind === "payment") {
      try {
        // An authorization (amount_capturable_updated) is captured or refused here, unless confirm-purchase came first.
        const { credited, purchase, refusal } = await settlePayment(db, provider, verified.intent);
        log.info("payment webhook", { intent: verified.intent.id, status: verified.intent.status, credited, ...(refusal ? { refused: refusal } : {}) });
        // Stripe says a payment we credited did not go through after all (cancelled): the money is
        // not ours, so the credit goes back as for a full refund.
        if (purchase.status === "completed" && verified.intent.status === "failed") {
          const reversal = await reversePayment(db, { intentId: verified.intent.id, reason: "refunded", reversedCents: purchase.amountCents, amountCents: purchase.amountCents });
          log.warn("payment reversed", { intent: verified.intent.id, reason: "cancelled", takenCoins: reversal.takenCoins, takenGems: reversal.takenGems });
        }
      } catch (err) {
        // A payment we cannot match is logged for the operator; Stripe must not retry it forever.
        if (!(err instanceof HttpError)) throw err;
        log.warn("payment webhook not fulfilled", { intent: verified.intent.id, reason: err.message });
      }
    }
    ctx.body = { received: true };
  });

  /** The test provider's card step (RULES.md, Store); absent when Stripe or nothing is active. */
  router.post("/test-payments/confirm", auth, async (ctx) => {
    if (!provider || provider.name !== "test") throw notFound();
    const intent = await confirmTestCard(db, ctx.state.userId, parseBody(ctx, TestCardBody));
    // The card network's answer reaches the server at once, as Stripe's webhook would: a decline is
    // recorded, an authorization captured or refused by the same decision as Stripe's.
    const { purchase, refusal } = await settlePayment(db, provider, intent, { userId: ctx.state.userId });
    if (intent.status === "failed") throw new HttpError(402, intent.failureMessage ?? MSG.paymentFailed);
    if (refusal) throw badRequest(refusal);
    ctx.body = { status: purchase.status === "completed" ? "succeeded" : intent.status, paymentIntentId: intent.id };
  });

  /**
   * The test provider's stand-in for a refund from the payment dashboard: the player's own test
   * purchase is refunded in full, through the same reversal a Stripe refund takes.
   */
  router.post("/test-payments/refund", auth, async (ctx) => {
    if (!provider || provider.name !== "test") throw notFound();
    const { paymentIntentId } = parseBody(ctx, TestRefundBody);
    const owned = await findPurchaseByIntent(db, paymentIntentId);
    if (!owned || owned.userId !== ctx.state.userId || !owned.test) throw notFound(MSG.purchaseNotFound);
    // The provider records the refund first (as Stripe would), for the operator's `refund` to see.
    if (owned.status === "completed") await provider.refundIntent(paymentIntentId);
    const { purchase } = await reversePayment(db, { intentId: paymentIntentId, reason: "refunded", reversedCents: owned.amountCents, amountCents: owned.amountCents });
    const user = await db("users").where({ id: ctx.state.userId }).first("coins", "gems");
    ctx.body = { purchase: presentPurchase(purchase), newCoinCount: user.coins, newGemCount: user.gems };
  });

  return router;
}
