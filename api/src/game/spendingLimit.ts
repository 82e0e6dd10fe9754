// RULES.md, Spending limit: a monthly limit in whole dollars, or none. Lowering or setting one
// applies at once; raising or removing it applies 24 hours later. The month is the UTC month.
// Pure rules: the caller reads and writes the player's row.

export const LIMIT_DELAY_MS = 24 * 60 * 60 * 1000;
/** The highest limit a player may set, in cents ($100,000): a typo guard, not a policy. */
export const MAX_LIMIT_CENTS = 10_000_000;

export interface LimitState {
  monthlyLimitCents: number | null;
  /** A raise or removal waiting for its time; null when none is pending. */
  pending: { monthlyLimitCents: number | null; effectiveAt: Date } | null;
}

/** The state as it stands at `now`: a pending change whose time has come is the limit now. */
export function limitAt(state: LimitState, now: Date): LimitState {
  if (state.pending && state.pending.effectiveAt.getTime() <= now.getTime()) return { monthlyLimitCents: state.pending.monthlyLimitCents, pending: null };
  return state;
}

/** The state after the player asks for `wanted` (null: no limit). */
export function changeLimit(current: LimitState, wanted: number | null, now: Date): LimitState {
  const { monthlyLimitCents: limit } = limitAt(current, now);
  const tighter = wanted !== null && (limit === null || wanted <= limit);
  if (tighter) return { monthlyLimitCents: wanted, pending: null };
  if (wanted === limit) return { monthlyLimitCents: limit, pending: null };
  return { monthlyLimitCents: limit, pending: { monthlyLimitCents: wanted, effectiveAt: new Date(now.getTime() + LIMIT_DELAY_MS) } };
}

/** The first instant of `now`'s UTC month. */
export const monthStart = (now: Date): Date => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/** Whether paying `priceCents` more would take the month past the limit. */
export const wouldPassLimit = (limitCents: number | null, spentCents: number, priceCents: number): boolean =>
  limitCents !== null && spentCents + priceCents > limitCents;

/** Whether asking for `after` where `before` is in force sets or lowers the limit (at once, unlike raising). */
export const tightens = (before: number | null, after: number | null): boolean => after !== null && (before === null || after < before);

/** "$25" for 2500 cents (limits are whole dollars). */
export const dollars = (cents: number): string => `$${(cents / 100).toLocaleString("en-US", { maximumFractionDigits: 2 })}`;
