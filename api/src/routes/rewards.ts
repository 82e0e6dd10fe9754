import Router from "@koa/router";
import { ClaimRewardBody } from "../contract/rewards.ts";
import type { Db } from "../db/knex.ts";
import { claimReward } from "../commands/rewardClaimer.ts";
import { REWARD_IDS } from "../game/rewards.ts";
import { requireAuth } from "../http/auth.ts";
import { parseBody } from "../http/validate.ts";
import { claimedRewardIds, rewardsFor } from "../queries/rewards.ts";
import { loadUserFresh } from "../queries/users.ts";

export function rewardRoutes(db: Db) {
  const router = new Router();
  const auth = requireAuth(db);

  /** SPEC.md: a map of reward id to claimed flag for the current periods. */
  router.get("/user/rewards/status", auth, async (ctx) => {
    const asked = typeof ctx.query.rewardIds === "string" ? ctx.query.rewardIds.split(",").filter(Boolean) : REWARD_IDS;
    const claimed = await claimedRewardIds(db, ctx.state.userId);
    ctx.set("Cache-Control", "no-cache");
    ctx.body = Object.fromEntries(asked.filter((id) => REWARD_IDS.includes(id)).map((id) => [id, claimed.has(id)]));
  });

  /** Every reward with the server's progress, requirement, claimed flag and reset time. */
  router.get("/user/rewards", auth, async (ctx) => {
    const user = await loadUserFresh(db, ctx.state.userId);
    ctx.set("Cache-Control", "no-cache");
    ctx.body = await rewardsFor(db, user);
  });

  /** Claims a reward. The body's `amount` is ignored: coins come from the reward table. */
  router.post("/user/coins", auth, async (ctx) => {
    const body = parseBody(ctx, ClaimRewardBody);
    const user = await claimReward(db, ctx.state.userId, body.rewardId, body.rewardType);
    ctx.body = { newCoinCount: user.coins };
  });

  return router;
}
