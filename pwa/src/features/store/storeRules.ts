// The store as the screen sees it (SPEC.md sections 2, 3, 4, 8 and 9): money formatting, the
// base/bonus split of a package, purchase status colours, and the error texts of each step. Pure.

import { MSG } from "@contract/messages";
import type { PackageDto, PurchaseHistoryItemDto } from "@contract/store";
import { intentIdFromClientSecret as intentIdOf } from "../../../../api/src/game/store";

/** Stripe's client secret is '<intent id>_secret_<random>'; confirm-purchase takes the id part. */
export const intentIdFromClientSecret = (clientSecret: string): string => intentIdOf(clientSecret);

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A package price (dollars): 9.99 -> "$9.99". */
export const formatDollars = (dollars: number): string => usd.format(dollars);

/** A purchase amount (SPEC.md: cents, shown as dollars with two decimals): 999 -> "$9.99". */
export const formatCents = (cents: number): string => usd.format(cents / 100);

export interface PackageAmounts {
  kind: "coin" | "gem";
  /** The amount before the bonus. */
  base: number;
  /** What the bonus percentage adds (0 without one); shown in green. */
  bonus: number;
  /** What a purchase credits. */
  total: number;
}

/** Base plus bonus of a package's own currency; the server's credited amount is the total. */
export function packageAmounts(pkg: Pick<PackageDto, "type" | "coins" | "gems" | "coinsCredited" | "gemsCredited" | "bonusPercentage">): PackageAmounts {
  const coins = pkg.type === "coins";
  const base = coins ? pkg.coins : pkg.gems;
  const total = coins ? pkg.coinsCredited : pkg.gemsCredited;
  return { kind: coins ? "coin" : "gem", base, bonus: pkg.bonusPercentage > 0 ? Math.max(0, total - base) : 0, total };
}

export type StatusTone = "completed" | "pending" | "failed" | "other";

/** SPEC.md section 4: completed green, pending yellow, failed red, anything else grey. */
export function statusTone(status: string): StatusTone {
  if (status === "refunded" || status === "disputed" || status === "refused") return "failed";
  return status === "completed" || status === "pending" || status === "failed" ? status : "other";
}

/** Shown capitalised: "completed" -> "Completed". */
export const statusLabel = (status: string): string => (status ? status[0]!.toUpperCase() + status.slice(1) : "Unknown");

/** What a refund or dispute took back, e.g. "-120 coins". */
export function reversedParts(item: Pick<PurchaseHistoryItemDto, "coinsReversed" | "gemsReversed">): { kind: "coin" | "gem"; amount: number }[] {
  const parts: { kind: "coin" | "gem"; amount: number }[] = [];
  if (item.coinsReversed > 0) parts.push({ kind: "coin", amount: item.coinsReversed });
  if (item.gemsReversed > 0) parts.push({ kind: "gem", amount: item.gemsReversed });
  return parts;
}

/** Currencies a history entry credited, e.g. "+120 coins", "+30 gems", both when both. */
export function awardedParts(item: Pick<PurchaseHistoryItemDto, "coinsAwarded" | "gemsAwarded">): { kind: "coin" | "gem"; amount: number }[] {
  const parts: { kind: "coin" | "gem"; amount: number }[] = [];
  if (item.coinsAwarded > 0) parts.push({ kind: "coin", amount: item.coinsAwarded });
  if (item.gemsAwarded > 0) parts.push({ kind: "gem", amount: item.gemsAwarded });
  return parts;
}

/** The steps of SPEC.md's store flow that can fail, each with its own fallback text. */
export type PurchaseStep = "create" | "card" | "confirm" | "history";

const FALLBACKS: Record<PurchaseStep, string> = {
  create: MSG.failedToCreatePayment,
  card: MSG.paymentFailed,
  confirm: MSG.failedToConfirmPurchase,
  history: MSG.failedToFetchPurchases,
};

/**
 * The text for a failed step (SPEC.md section 8): the server's own text when it answered, the
 * network error when it could not be reached, the step's fallback otherwise.
 */
export function stepErrorText(step: PurchaseStep, failure: { serverText?: string; network?: boolean }): string {
  if (failure.network) return MSG.networkError;
  return failure.serverText?.trim() || FALLBACKS[step];
}

/** SPEC.md section 4: after a purchase, wait 0.5 s, then up to 3 user-data refreshes 1 s apart. */
export const REFRESH_FIRST_DELAY_MS = 500;
export const REFRESH_ATTEMPTS = 3;
export const REFRESH_GAP_MS = 1000;

/** The refreshed balance shows the purchase once it holds at least the confirmed amounts. */
export function balanceCaughtUp(user: { coins: number; gems: number } | undefined, expected: { coins: number; gems: number }): boolean {
  return !!user && user.coins >= expected.coins && user.gems >= expected.gems;
}
