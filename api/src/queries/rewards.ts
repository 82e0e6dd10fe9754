import type { RewardDto } from "../contract/rewards.ts";
import type { Db } from "../db/knex.ts";
import { currentProgress, progressOf } from "../game/progress.ts";
import { REWARDS, rewardPeriodStart, rewardResetTime } from "../game/rewards.ts";
import type { User } from "../models/User.ts";

/** Which rewards the player has claimed in their current periods. */
export async function claimedRewardIds(db: Db, userId: number, now = new Date()): Promise<Set<string>> {
  const daily = rewardPeriodStart("daily", now);
  const weekly = rewardPeriodStart("weekly", now);
  const rows: Array<{ reward_id: string; period_start: string }> = await db("reward_claims")
    .where("user_id", userId)
    .whereIn("period_start", [daily, weekly])
    .select("reward_id", "period_start");
  const claimed = new Set<string>();
  for (const r of REWARDS) {
    const start = r.type === "daily" ? daily : weekly;
    if (rows.some((row) => row.reward_id === r.id && row.period_start === start)) claimed.add(r.id);
  }
  return claimed;
}

export async function rewardsFor(db: Db, user: User, now = new Date()): Promise<RewardDto[]> {
  const claimed = await claimedRewardIds(db, user.id, now);
  const progress = currentProgress(progressOf(user), now);
  return REWARDS.map((r) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    type: r.type,
    requirement: r.requirement,
    progress: Math.min(r.progress(progress), r.requirement),
    coinReward: r.coinReward,
    claimed: claimed.has(r.id),
    resetTime: rewardResetTime(r.type, now).toISOString(),
  }));
}
