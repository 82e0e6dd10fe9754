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

/**
 * RULES.md, Trading, anti-farming: free packs funnelled from fresh accounts into one. The
 * defaults are RULES.md's; an operator (or the browser tests, which cannot age an account) may
 * set the unlock through config.
 */
export interface TradeUnlock {
  minAccountAgeMs: number;
  minPacksOpened: number;
}
export const TRADE_UNLOCK: TradeUnlock = { minAccountAgeMs: 24 * 60 * 60 * 1000, minPacksOpened: 10 };
export const ACCEPTED_TRADES_PER_DAY = 10;
/** A card worth more than this many times the other is a lopsided trade. */
export const LOPSIDED_RATIO = 3;
export const SAME_NETWORK_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

export function canTrade(account: { createdAt: Date; packsOpened: number }, now: Date, unlock: TradeUnlock = TRADE_UNLOCK): boolean {
  return now.getTime() - account.createdAt.getTime() >= unlock.minAccountAgeMs && account.packsOpened >= unlock.minPacksOpened;
}

export function isLopsided(pointsA: number, pointsB: number): boolean {
  const [low, high] = pointsA <= pointsB ? [pointsA, pointsB] : [pointsB, pointsA];
  return high > LOPSIDED_RATIO * Math.max(low, 0);
}

/** Two accounts that signed up from one network (IPv4 /24, IPv6 /64) within 7 days of each other. */
export function likelySameOwner(a: { signupNetwork: string | null; createdAt: Date }, b: { signupNetwork: string | null; createdAt: Date }): boolean {
  if (!a.signupNetwork || a.signupNetwork !== b.signupNetwork) return false;
  return Math.abs(a.createdAt.getTime() - b.createdAt.getTime()) <= SAME_NETWORK_WINDOW_MS;
}
