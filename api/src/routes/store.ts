import Router from "@koa/router";
import { MSG } from "../contract/messages.ts";
import { ConfirmPurchaseBody, CreatePaymentIntentBody, TestCardBody, type PurchaseResultDto } from "../contract/store.ts";
import type { Db } from "../db/knex.ts";
import { fulfilPayment } from "../commands/purchaseFulfiller.ts";
import { startPurchase } from "../commands/purchaseStarter.ts";
import { requireAuth } from "../http/auth.ts";
import { badRequest, HttpError, notFound } from "../http/errors.ts";
import { parseBody } from "../http/validate.ts";
import type { Logger } from "../logger.ts";
import { WebhookSignatureError, type PaymentProvider } from "../payments/provider.ts";
import { confirmTestCard } from "../payments/testProvider.ts";
import { presentPackage, presentPurchase } from "../presenters/store.ts";
import { packagesForSale, purchaseHistoryOf } from "../queries/purchases.ts";

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
    ctx.body = await startPurchase(db, requireProvider(), ctx.state.userId, packageId);
  });

  /** The client's word that it paid; the provider's intent decides, and fulfilment credits once. */
  router.post("/confirm-purchase", auth, async (ctx) => {
    const body = parseBody(ctx, ConfirmPurchaseBody);
    const payments = requireProvider();
    const intent = await payments.retrieveIntent(body.paymentIntentId);
    if (!intent) throw notFound(MSG.purchaseNotFound);
    const { purchase } = await fulfilPayment(db, intent, payments.name, { userId: ctx.state.userId, packageId: body.packageId });
    if (purchase.status === "failed") throw new HttpError(402, intent.failureMessage ?? MSG.paymentFailed);
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
    if (verified.kind === "payment") {
      try {
        const { credited } = await fulfilPayment(db, verified.intent, provider.name);
        log.info("payment webhook", { intent: verified.intent.id, status: verified.intent.status, credited });
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
    if (intent.status === "failed") {
      await fulfilPayment(db, intent, provider.name, { userId: ctx.state.userId });
      throw new HttpError(402, intent.failureMessage ?? MSG.paymentFailed);
    }
    ctx.body = { status: intent.status, paymentIntentId: intent.id };
  });

  return router;
}
