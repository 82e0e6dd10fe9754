// One interface for card payments (ARCHITECTURE.md, payments): Stripe when keys are set, else
// the built-in test provider (RULES.md, Store). Routes and the fulfilment command see only this.
import type { Trx } from "../db/knex.ts";

/** The facts about a payment intent the server acts on, whoever the provider is. */
export interface PaymentIntentInfo {
  id: string;
  /**
   * pending: no card yet; authorized: the card is held for the amount, nothing taken until the
   * server captures (RULES.md, Spending limit); succeeded: captured, money taken; failed: declined
   * (payable again with another card) or cancelled (`cancelled` true: never payable again).
   */
  status: "succeeded" | "authorized" | "failed" | "pending";
  cancelled: boolean;
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

/** A webhook the provider vouched for: a payment authorized or its result, or money going back. */
export type VerifiedWebhook =
  | { kind: "payment"; intent: PaymentIntentInfo }
  | { kind: "reversal"; reversal: PaymentReversal }
  /** A dispute the merchant won: the money stayed, so the credit comes back. */
  | { kind: "disputeWon"; intentId: string }
  | { kind: "ignored" };

/**
 * The calls that end or take a payment are made inside the caller's transaction, which holds the
 * player's row lock (`tx`): a provider whose intents live in this database (the test provider)
 * writes through it, so the decision and the charge commit together; Stripe is called over HTTP.
 */
export interface PaymentProvider {
  readonly name: "stripe" | "test";
  /** What the PWA needs to show its card form. */
  readonly publishableKey: string | null;
  createIntent(input: CreateIntentInput): Promise<{ id: string; clientSecret: string }>;
  retrieveIntent(id: string): Promise<PaymentIntentInfo | null>;
  /**
   * Ends an uncaptured intent so that no card can pay it and an authorization is released; a
   * captured one is left as it is. Answers the intent as it stands afterwards (null: unknown).
   */
  cancelIntent(id: string, tx?: Trx): Promise<PaymentIntentInfo | null>;
  /**
   * Takes the authorized amount. Idempotent: an intent captured already answers as it is; one
   * that cannot be captured (cancelled, not authorized) answers with its status, not an error.
   */
  captureIntent(id: string, tx?: Trx): Promise<PaymentIntentInfo | null>;
  /**
   * Gives back what is left of a captured payment, in full (the operator's `refund`). Stripe's
   * rules: only a payment whose money was taken can be refunded, and a refunded one not again.
   * A retried call (a lost answer, two operators) is the same refund.
   */
  refundIntent(id: string): Promise<RefundOutcome>;
  /** Throws WebhookSignatureError when the signature does not match the raw body. */
  verifyWebhook(rawBody: string, signature: string | undefined): VerifiedWebhook;
}

/**
 * refunded: the rest of the payment went back now (`refundedCents` of it); alreadyRefunded: nothing
 * was left to give back; notCaptured: no money was taken; unknown: the provider has no such intent.
 */
export type RefundOutcome = { outcome: "refunded"; refundedCents: number } | { outcome: "alreadyRefunded" | "notCaptured" | "unknown" };

export class WebhookSignatureError extends Error {}

export const metadataOf = (userId: number, packageId: string) => ({ userId: String(userId), packageId });

export function parseMetadata(metadata: Record<string, string> | null | undefined): { userId: number | null; packageId: string | null } {
  const userId = Number(metadata?.userId);
  return { userId: Number.isInteger(userId) && userId > 0 ? userId : null, packageId: metadata?.packageId || null };
}
