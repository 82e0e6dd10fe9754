import Stripe from "stripe";
import type { Config } from "../config.ts";
import { metadataOf, parseMetadata, WebhookSignatureError, type PaymentIntentInfo, type PaymentProvider } from "./provider.ts";

function toInfo(pi: Stripe.PaymentIntent): PaymentIntentInfo {
  const cancelled = pi.status === "canceled";
  const failed = cancelled || (pi.status === "requires_payment_method" && !!pi.last_payment_error);
  const { userId, packageId } = parseMetadata(pi.metadata);
  return {
    id: pi.id,
    status: pi.status === "succeeded" ? "succeeded" : pi.status === "requires_capture" ? "authorized" : failed ? "failed" : "pending",
    cancelled,
    amountCents: pi.amount,
    currency: pi.currency,
    userId,
    packageId,
    failureMessage: pi.last_payment_error?.message ?? null,
    clientSecret: pi.client_secret ?? null,
  };
}

/**
 * The payment events the server acts on (README, Operating: the events to enable on the webhook
 * endpoint). amount_capturable_updated says a card was authorized: the server captures or cancels.
 */
export const PAYMENT_EVENTS = new Set(["payment_intent.amount_capturable_updated", "payment_intent.succeeded", "payment_intent.payment_failed", "payment_intent.canceled"]);

const idOf = (ref: string | { id: string } | null | undefined): string | null => (typeof ref === "string" ? ref : (ref?.id ?? null));

/** Stripe's answer for an intent in the wrong state for a call (captured, cancelled): a fact, not a failure. */
const wrongState = (err: unknown) => err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 400;

/**
 * Real Stripe PaymentIntents, authorized by the card and captured by the server after the limit
 * check (capture_method manual, RULES.md Spending limit); `apiBase` points the SDK at a local
 * stand-in in tests.
 */
export function createStripeProvider(cfg: Config["stripe"]): PaymentProvider {
  const base = cfg.apiBase ? new URL(cfg.apiBase) : null;
  const stripe = new Stripe(cfg.secretKey!, {
    maxNetworkRetries: 2,
    telemetry: false,
    ...(base ? { host: base.hostname, port: base.port, protocol: base.protocol.replace(":", "") as "http" | "https" } : {}),
  });
  async function retrieveIntent(id: string): Promise<PaymentIntentInfo | null> {
    try {
      return toInfo(await stripe.paymentIntents.retrieve(id));
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) return null;
      throw err;
    }
  }
  return {
    name: "stripe",
    publishableKey: cfg.publishableKey ?? null,
    async createIntent({ amountCents, currency, userId, packageId }) {
      const pi = await stripe.paymentIntents.create({
        amount: amountCents,
        currency,
        capture_method: "manual",
        allowed_payment_method_types: ["card"],
        metadata: metadataOf(userId, packageId),
      });
      return { id: pi.id, clientSecret: pi.client_secret! };
    },
    retrieveIntent,
    async cancelIntent(id) {
      try {
        return toInfo(await stripe.paymentIntents.cancel(id));
      } catch (err) {
        // Captured or cancelled already: Stripe refuses with a 400, and the intent itself is the answer.
        if (wrongState(err)) return retrieveIntent(id);
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) return null;
        throw err;
      }
    },
    async captureIntent(id) {
      try {
        // The idempotency key makes a retried capture (a lost answer, two processes) the same capture.
        return toInfo(await stripe.paymentIntents.capture(id, {}, { idempotencyKey: `capture-${id}` }));
      } catch (err) {
        if (wrongState(err)) return retrieveIntent(id);
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) return null;
        throw err;
      }
    },
    async refundIntent(id) {
      try {
        // Without an amount Stripe refunds what is left; the key makes a retry the same refund.
        const refund = await stripe.refunds.create({ payment_intent: id }, { idempotencyKey: `refund-${id}` });
        return { outcome: "refunded", refundedCents: refund.amount };
      } catch (err) {
        if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
        if (err.statusCode === 404) return { outcome: "unknown" };
        if (err.code === "charge_already_refunded") return { outcome: "alreadyRefunded" };
        if (err.statusCode === 400) {
          // Stripe refuses a refund of an intent whose money was not taken (not captured, cancelled).
          const intent = await retrieveIntent(id);
          if (!intent) return { outcome: "unknown" };
          if (intent.status !== "succeeded") return { outcome: "notCaptured" };
        }
        throw err;
      }
    },
    verifyWebhook(rawBody, signature) {
      if (!cfg.webhookSecret || !signature) throw new WebhookSignatureError("missing signature or secret");
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, cfg.webhookSecret);
      } catch {
        throw new WebhookSignatureError("bad signature");
      }
      if (PAYMENT_EVENTS.has(event.type)) {
        return { kind: "payment", intent: toInfo(event.data.object as Stripe.PaymentIntent) };
      }
      if (event.type === "charge.refunded") {
        const charge = event.data.object as Stripe.Charge;
        const intentId = idOf(charge.payment_intent);
        if (intentId) return { kind: "reversal", reversal: { intentId, reason: "refunded", reversedCents: charge.amount_refunded, amountCents: charge.amount } };
      }
      if (event.type === "charge.dispute.created") {
        const dispute = event.data.object as Stripe.Dispute;
        const intentId = idOf(dispute.payment_intent);
        if (intentId) return { kind: "reversal", reversal: { intentId, reason: "disputed", reversedCents: dispute.amount, amountCents: null } };
      }
      if (event.type === "charge.dispute.closed") {
        const dispute = event.data.object as Stripe.Dispute;
        const intentId = idOf(dispute.payment_intent);
        if (intentId && dispute.status === "won") return { kind: "disputeWon", intentId };
      }
      return { kind: "ignored" };
    },
  };
}
