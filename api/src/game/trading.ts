// Trading rules (RULES.md, Trading) that need no database: lifetimes, limits, the status a
// stored offer reads as. Pure.

export const TRADE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
export const MAX_PENDING_SENT = 50;

export type StoredTradeStatus = "pending" | "accepted" | "declined" | "cancelled" | "expired";

export function tradeExpiresAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + TRADE_LIFETIME_MS);
}

/** A pending offer past its expiry reads as expired: the server enforces it without a job. */
export function effectiveTradeStatus(status: StoredTradeStatus, expiresAt: Date, now: Date): StoredTradeStatus {
  return status === "pending" && expiresAt.getTime() <= now.getTime() ? "expired" : status;
}
