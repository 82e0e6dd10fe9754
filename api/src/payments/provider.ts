// One interface for card payments (ARCHITECTURE.md, payments): Stripe when keys are set, else
// the built-in test provider (RULES.md, Store). Routes and the fulfilment command see only this.

/** The facts about a payment intent the server acts on, whoever the provider is. */
export interface PaymentIntentInfo {
  id: string;
  /** succeeded: money taken; failed: declined or cancelled; pending: not paid yet. */
  status: "succeeded" | "failed" | "pending";
  amountCents: number;
  currency: string;
  userId: number | null;
  packageId: string | null;
  failureMessage: string | null;
  /** What the card form needs to pay this intent (null where the provider did not send it). */
  clientSecret: string | null;
}

export interface CreateIntentInput {
  amountCents: number;
  currency: string;
  userId: number;
  packageId: string;
}

/**
 * Money that went back after a payment: a refund (possibly partial, `reversedCents` so far in
 * all) or a dispute (chargeback). `amountCents` is the charge's amount when the event says it.
 */
export interface PaymentReversal {
  intentId: string;
  reason: "refunded" | "disputed";
  reversedCents: number;
  amountCents: number | null;
}

/** A webhook the provider vouched for: a payment's result, or money going back. */
export type VerifiedWebhook =
  | { kind: "payment"; intent: PaymentIntentInfo }
  | { kind: "reversal"; reversal: PaymentReversal }
  /** A dispute the merchant won: the money stayed, so the credit comes back. */
  | { kind: "disputeWon"; intentId: string }
  | { kind: "ignored" };

export interface PaymentProvider {
  readonly name: "stripe" | "test";
  /** What the PWA needs to show its card form. */
  readonly publishableKey: string | null;
  createIntent(input: CreateIntentInput): Promise<{ id: string; clientSecret: string }>;
  retrieveIntent(id: string): Promise<PaymentIntentInfo | null>;
  /** Ends an unpaid intent so that no card can pay it any more; a paid or unknown one is left as it is. */
  cancelIntent(id: string): Promise<void>;
  /** Throws WebhookSignatureError when the signature does not match the raw body. */
  verifyWebhook(rawBody: string, signature: string | undefined): VerifiedWebhook;
}

export class WebhookSignatureError extends Error {}

export const metadataOf = (userId: number, packageId: string) => ({ userId: String(userId), packageId });

export function parseMetadata(metadata: Record<string, string> | null | undefined): { userId: number | null; packageId: string | null } {
  const userId = Number(metadata?.userId);
  return { userId: Number.isInteger(userId) && userId > 0 ? userId : null, packageId: metadata?.packageId || null };
}
