import { z } from "zod";
import { MSG } from "./messages.ts";

/** SPEC.md section 3, Package. priceUsd in dollars; the credited amounts add the bonus. */
export interface PackageDto {
  id: string;
  name: string;
  type: "coins" | "gems";
  coins: number;
  gems: number;
  priceUsd: number;
  popular: boolean;
  bonus: string | null;
  bonusPercentage: number;
  /** What a purchase credits: base plus bonus. */
  coinsCredited: number;
  gemsCredited: number;
}

/** SPEC.md section 3, Purchase history item; amountUsd in cents as SPEC.md says. */
export interface PurchaseHistoryItemDto {
  id: number;
  /**
   * Refunded or disputed: the money went back and so did the credit. Refused: the card was
   * authorized and the spending limit refused the capture, so nothing was taken.
   */
  status: "pending" | "completed" | "failed" | "refused" | "refunded" | "disputed";
  /** The checkout's time. */
  createdAt: string;
  /** When the money was taken (RULES.md: a payment counts in the UTC month of its capture); null before. */
  paidAt: string | null;
  amountUsd: number;
  gemsAwarded: number;
  coinsAwarded: number;
  packageDetails: { name: string };
  /** What a refund or dispute took back. */
  coinsReversed: number;
  gemsReversed: number;
  /** Paid with the built-in test card: no real money changed hands. */
  test: boolean;
  /** The payment's id, for the test provider's refund action. */
  paymentIntentId: string;
}

export interface PurchaseResultDto {
  status: "completed" | "pending";
  purchase: PurchaseHistoryItemDto;
  newCoinCount: number;
  newGemCount: number;
}

/** How the PWA takes card details: Stripe Elements, the built-in test form, or not at all. */
export interface PaymentsConfigDto {
  provider: "stripe" | "test" | null;
  publishableKey: string | null;
}

export const CreatePaymentIntentBody = z.object({ packageId: z.string({ error: MSG.unknownPackage }).min(1, { error: MSG.unknownPackage }).max(40, { error: MSG.unknownPackage }) });
export const ConfirmPurchaseBody = z.object({
  paymentIntentId: z.string({ error: MSG.purchaseNotFound }).min(1, { error: MSG.purchaseNotFound }).max(255, { error: MSG.purchaseNotFound }),
  packageId: z.string({ error: MSG.unknownPackage }).min(1, { error: MSG.unknownPackage }).max(40, { error: MSG.unknownPackage }),
});
export const TestRefundBody = z.object({
  paymentIntentId: z.string({ error: MSG.purchaseNotFound }).min(1, { error: MSG.purchaseNotFound }).max(255, { error: MSG.purchaseNotFound }),
});
export const TestCardBody = z.object({
  clientSecret: z.string({ error: MSG.purchaseNotFound }).min(1, { error: MSG.purchaseNotFound }).max(255, { error: MSG.purchaseNotFound }),
  cardNumber: z.string({ error: MSG.testCardUnknown }).max(32, { error: MSG.testCardUnknown }),
  expiry: z.string({ error: MSG.testCardExpiry }).max(10, { error: MSG.testCardExpiry }),
  cvc: z.string({ error: MSG.testCardCvc }).max(8, { error: MSG.testCardCvc }),
});
