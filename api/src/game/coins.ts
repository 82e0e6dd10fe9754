// Coin regeneration (RULES.md, Coins and gems): +1 coin per full 30 minutes since
// lastCoinGeneration while below the cap; regeneration never takes coins above the cap.

export const COIN_INTERVAL_MS = 30 * 60 * 1000;
export const COIN_CAP = 50;
export const STARTING_COINS = 10;
export const STARTING_GEMS = 0;

export interface CoinState {
  coins: number;
  lastCoinGeneration: Date;
}

/** Applies the coins earned since lastCoinGeneration. At the cap the clock stands still. */
export function regenerateCoins(state: CoinState, now: Date): CoinState {
  if (state.coins >= COIN_CAP) return state;
  const elapsed = now.getTime() - state.lastCoinGeneration.getTime();
  const intervals = Math.floor(elapsed / COIN_INTERVAL_MS);
  if (intervals <= 0) return state;
  return {
    coins: Math.min(COIN_CAP, state.coins + intervals),
    lastCoinGeneration: new Date(state.lastCoinGeneration.getTime() + intervals * COIN_INTERVAL_MS),
  };
}

/**
 * Every change of a balance: the regeneration due is applied first (else a credit at 45 coins
 * with 5 due would lose those 5 once the credit lifts the balance past the cap), then the change.
 * Dropping from the cap starts the clock now, so the next coin comes 30 minutes later, not at once.
 * A negative change may take the balance below zero (a refunded purchase takes its coins back).
 */
export function changeCoins(state: CoinState, delta: number, now: Date): CoinState {
  const current = regenerateCoins(state, now);
  const coins = current.coins + delta;
  const restartClock = current.coins >= COIN_CAP && coins < COIN_CAP;
  return { coins, lastCoinGeneration: restartClock ? now : current.lastCoinGeneration };
}

/** Takes coins after regeneration; null when the player cannot afford it. */
export function spendCoins(state: CoinState, amount: number, now: Date): CoinState | null {
  const current = regenerateCoins(state, now);
  if (current.coins < amount) return null;
  return changeCoins(current, -amount, now);
}

/** When the next coin is due, or null when regeneration is paused at the cap. */
export function nextCoinAt(state: CoinState): Date | null {
  if (state.coins >= COIN_CAP) return null;
  return new Date(state.lastCoinGeneration.getTime() + COIN_INTERVAL_MS);
}
