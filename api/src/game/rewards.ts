// The reward table (SPEC.md section 9, decided by RULES.md where it gives two readings). The one
// place for requirements and coins: the server credits these, never an amount a client sends.

import type { Progress } from "./progress.ts";
import { nextDailyReset, nextWeeklyReset, utcDayStart, utcWeekStart, periodKey } from "./periods.ts";

export type RewardType = "daily" | "weekly";

export interface RewardDefinition {
  id: string;
  title: string;
  description: string;
  type: RewardType;
  requirement: number;
  coinReward: number;
  /** The counter of the current period that this reward reads. */
  progress: (p: Progress) => number;
}

export const REWARDS: readonly RewardDefinition[] = [
  { id: "daily-login", title: "Daily Login", description: "Visit the game today", type: "daily", requirement: 1, coinReward: 1, progress: (p) => p.dailyLogins },
  { id: "daily-packs", title: "Open Packs", description: "Open 10 packs today", type: "daily", requirement: 10, coinReward: 3, progress: (p) => p.dailyPacksOpened },
  { id: "daily-holo", title: "Collect Holo Cards", description: "Find 5 holo, glitch or dark holo cards today", type: "daily", requirement: 5, coinReward: 10, progress: (p) => p.dailyHolosFound },
  // RULES.md: 2 legendaries (one reading said 5), counting Legendary and Mythic cards.
  { id: "weekly-legendary", title: "Collect Legendary Cards", description: "Pull 2 Legendary or Mythic cards from packs this week", type: "weekly", requirement: 2, coinReward: 50, progress: (p) => p.weeklyLegendariesFound },
  { id: "weekly-rare", title: "Rare Hunter", description: "Pull 50 holo, glitch or dark holo cards from packs this week", type: "weekly", requirement: 50, coinReward: 75, progress: (p) => p.weeklyHolosFound },
  // RULES.md: 300 packs (one reading said 400).
  { id: "weekly-variety", title: "Pack Master", description: "Open 300 packs this week", type: "weekly", requirement: 300, coinReward: 100, progress: (p) => p.weeklyPacksOpened },
];

export const REWARD_IDS = REWARDS.map((r) => r.id);

export function rewardById(id: string): RewardDefinition | undefined {
  return REWARDS.find((r) => r.id === id);
}

/** First day of the reward's current period: the claim key that allows one claim per period. */
export function rewardPeriodStart(type: RewardType, now: Date): string {
  return periodKey(type === "daily" ? utcDayStart(now) : utcWeekStart(now));
}

export function rewardResetTime(type: RewardType, now: Date): Date {
  return type === "daily" ? nextDailyReset(now) : nextWeeklyReset(now);
}
