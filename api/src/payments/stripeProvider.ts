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
      return { kind: "ignored" };
    },
  };
}
