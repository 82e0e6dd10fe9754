// Rewards as the screen sees them (SPEC.md sections 2, 4, 8): countdown labels, claim states,
// and the per-player claim cache that stands in when the status call fails. Pure.

import type { RewardDto } from "@contract/rewards";
import { utcDayStart, utcWeekStart } from "../../../../api/src/game/periods";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** 'Reset: Xh Ym', 'Reset: Xd Yh' when over 24 hours, 'Resetting...' when due. */
export function resetLabel(msLeft: number): string {
  if (msLeft <= 0) return "Resetting...";
  if (msLeft > DAY) return `Reset: ${Math.floor(msLeft / DAY)}d ${Math.floor((msLeft % DAY) / HOUR)}h`;
  return `Reset: ${Math.floor(msLeft / HOUR)}h ${Math.floor((msLeft % HOUR) / MINUTE)}m`;
}

export type ClaimState = "locked" | "completable" | "claiming" | "claimed";

export function claimState(reward: Pick<RewardDto, "progress" | "requirement">, claimed: boolean, claiming: boolean): ClaimState {
  if (claimed) return "claimed";
  if (claiming) return "claiming";
  return reward.progress >= reward.requirement ? "completable" : "locked";
}

/** SPEC.md section 4: claimable when progress meets the requirement and it is not claimed. */
export function claimableCount(rewards: readonly RewardDto[], claimed: Readonly<Record<string, boolean>>): number {
  return rewards.filter((r) => r.progress >= r.requirement && !claimed[r.id]).length;
}

/** The local record: reward id to the time it was claimed on this device. */
export type ClaimCache = Record<string, string>;

/** A cached claim counts for the current period only: daily since the UTC day began, weekly since Monday. */
export function cachedClaims(cache: ClaimCache, rewards: readonly Pick<RewardDto, "id" | "type">[], now: Date): Record<string, boolean> {
  const dayStart = utcDayStart(now).getTime();
  const weekStart = utcWeekStart(now).getTime();
  return Object.fromEntries(
    rewards.map((r) => {
      const at = cache[r.id] ? Date.parse(cache[r.id]!) : NaN;
      return [r.id, Number.isFinite(at) && at >= (r.type === "daily" ? dayStart : weekStart)];
    }),
  );
}

/** Retry delays of the status sync: 1 s doubling, at most 10 s (SPEC.md section 4). */
export const statusRetryDelay = (attempt: number): number => Math.min(1000 * 2 ** attempt, 10_000);
