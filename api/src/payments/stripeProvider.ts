import Stripe from "stripe";
import type { Config } from "../config.ts";
import { metadataOf, parseMetadata, WebhookSignatureError, type PaymentIntentInfo, type PaymentProvider } from "./provider.ts";

function toInfo(pi: Stripe.PaymentIntent): PaymentIntentInfo {
  const failed = pi.status === "canceled" || (pi.status === "requires_payment_method" && !!pi.last_payment_error);
  const { userId, packageId } = parseMetadata(pi.metadata);
  return {
    id: pi.id,
    status: pi.status === "succeeded" ? "succeeded" : failed ? "failed" : "pending",
    amountCents: pi.amount,
    currency: pi.currency,
    userId,
    packageId,
    failureMessage: pi.last_payment_error?.message ?? null,
    clientSecret: pi.client_secret ?? null,
  };
}

const idOf = (ref: string | { id: string } | null | undefined): string | null => (typeof ref === "string" ? ref : (ref?.id ?? null));

/** Real Stripe PaymentIntents; `apiBase` points the SDK at a local stand-in in tests. */
export function createStripeProvider(cfg: Config["stripe"]): PaymentProvider {
  const base = cfg.apiBase ? new URL(cfg.apiBase) : null;
  const stripe = new Stripe(cfg.secretKey!, {
    maxNetworkRetries: 2,
    telemetry: false,
    ...(base ? { host: base.hostname, port: base.port, protocol: base.protocol.replace(":", "") as "http" | "https" } : {}),
  });
  return {
    name: "stripe",
    publishableKey: cfg.publishableKey ?? null,
    async createIntent({ amountCents, currency, userId, packageId }) {
      const pi = await stripe.paymentIntents.create({ amount: amountCents, currency, allowed_payment_method_types: ["card"], metadata: metadataOf(userId, packageId) });
      return { id: pi.id, clientSecret: pi.client_secret! };
    },
    async retrieveIntent(id) {
      try {
        return toInfo(await stripe.paymentIntents.retrieve(id));
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) return null;
        throw err;
      }
    },
    async cancelIntent(id) {
      try {
        await stripe.paymentIntents.cancel(id);
      } catch (err) {
        // Paid, already cancelled or gone meanwhile: Stripe refuses (a 400 or 404), and that is the answer.
        if (err instanceof Stripe.errors.StripeInvalidRequestError) return;
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
      if (event.type === "payment_intent.succeeded" || event.type === "payment_intent.payment_failed" || event.type === "payment_intent.canceled") {
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
