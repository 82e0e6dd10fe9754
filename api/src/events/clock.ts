import { COIN_CAP, nextCoinAt, regenerateCoins, type CoinState } from "../game/coins.ts";
import { nextDailyReset, nextWeeklyReset } from "../game/periods.ts";
import { REWARDS } from "../game/rewards.ts";
import type { LiveEvents, LiveEventType } from "../contract/events.ts";

/**
 * The events that come from the clock, not from a change (issue 47): a coin regenerated, the coins
 * full, a reward's new period, an offer expired. Nothing is written when they happen, so no
 * process publishes them: each stream works out its player's next one from the database and
 * sends it when it is due. Pure: the caller reads the state and keeps the timer.
 */
export interface ClockState {
  coins: CoinState;
  /** The earliest expiry of a pending offer the player sent or received, after now. */
  nextTradeExpiry: Date | null;
  /** Pending offers that expire at that instant. */
  expiringTradeIds: number[];
}

export interface Due {
  at: Date;
  events: Array<{ [T in LiveEventType]: { type: T; data: LiveEvents[T] } }[LiveEventType]>;
}

export function nextDue(state: ClockState, now: Date): Due | null {
  const candidates: Due[] = [];
  // Regeneration is applied lazily: coins already due by now count before the next is planned.
  const coinAt = nextCoinAt(regenerateCoins(state.coins, now));
  if (coinAt) {
    // The balance once that coin has come: at the cap, "coins full".
    const after = regenerateCoins(state.coins, coinAt);
    candidates.push({ at: coinAt, events: [{ type: "coins", data: { coins: after.coins, full: after.coins >= COIN_CAP } }] });
  }
  const daily = nextDailyReset(now);
  const weekly = nextWeeklyReset(now);
  const resetAt = daily.getTime() <= weekly.getTime() ? daily : weekly;
  const resetting = REWARDS.filter((r) => (r.type === "daily" ? daily : weekly).getTime() === resetAt.getTime());
  candidates.push({ at: resetAt, events: resetting.map((r) => ({ type: "reward" as const, data: { rewardId: r.id } })) });
  if (state.nextTradeExpiry) {
    candidates.push({
      at: state.nextTradeExpiry,
      events: state.expiringTradeIds.map((tradeId) => ({ type: "trade" as const, data: { kind: "expired" as const, tradeId, by: null } })),
    });
  }
  candidates.sort((a, b) => a.at.getTime() - b.at.getTime());
  const first = candidates[0]!;
  // Everything due at the same instant goes together.
  const events = candidates.filter((c) => c.at.getTime() === first.at.getTime()).flatMap((c) => c.events);
  return { at: first.at, events };
}
