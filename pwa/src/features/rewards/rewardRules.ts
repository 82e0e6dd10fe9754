// Rewards as the screen sees them (SPEC.md sections 2, 4, 8): countdown labels, claim states,
// and the server's last list as it stands when the status call fails. Pure.

import type { RewardDto } from "@contract/rewards";

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

/**
 * The server's last reward list as it stands now: a reward whose period has reset since the list
 * was read starts again (no progress, not claimed), so an old copy never offers a claim the server
 * would refuse, nor hides one it would pay.
 */
export function asOfNow(rewards: readonly RewardDto[], now: Date): RewardDto[] {
  return rewards.map((r) => (Date.parse(r.resetTime) <= now.getTime() ? { ...r, progress: 0, claimed: false } : r));
}

/** Retry delays of the status sync: 1 s doubling, at most 10 s (SPEC.md section 4). */
export const statusRetryDelay = (attempt: number): number => Math.min(1000 * 2 ** attempt, 10_000);
