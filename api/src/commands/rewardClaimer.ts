import { UniqueViolationError } from "objection";
import { MSG } from "../contract/messages.ts";
import type { Db } from "../db/knex.ts";
import { changeCoins } from "../game/coins.ts";
import { currentProgress, progressOf } from "../game/progress.ts";
import { rewardById, rewardPeriodStart, type RewardType } from "../game/rewards.ts";
import { badRequest, conflict } from "../http/errors.ts";
import { User } from "../models/User.ts";
import { coinState, lockUser } from "../queries/users.ts";

/**
 * Claims a reward for the current UTC period: checks the server's own progress counter, credits
 * the reward table's coins (never a client's amount) and records the claim. The unique key
 * (player, reward, period start) makes a second claim fail even when many arrive at once.
 */
export async function claimReward(db: Db, userId: number, rewardId: string, rewardType: RewardType, now = new Date()): Promise<User> {
  const reward = rewardById(rewardId);
  if (!reward || reward.type !== rewardType) throw badRequest(MSG.unknownReward);
  try {
    return await db.transaction(async (trx) => {
      const user = await lockUser(trx, userId);
      const periodStart = rewardPeriodStart(reward.type, now);
      const already = await trx("reward_claims").where({ user_id: userId, reward_id: reward.id, period_start: periodStart }).first("id");
      if (already) throw conflict(MSG.rewardAlreadyClaimed);
      if (reward.progress(currentProgress(progressOf(user), now)) < reward.requirement) throw badRequest(MSG.rewardNotReached);
      await trx("reward_claims").insert({ user_id: userId, reward_id: reward.id, period_start: periodStart, coins: reward.coinReward, claimed_at: now });
      const coins = changeCoins(coinState(user), reward.coinReward, now);
      return User.query(trx).patchAndFetchById(userId, { coins: coins.coins, lastCoinGeneration: coins.lastCoinGeneration, updatedAt: now });
    });
  } catch (err) {
    if (err instanceof UniqueViolationError) throw conflict(MSG.rewardAlreadyClaimed);
    throw err;
  }
}
