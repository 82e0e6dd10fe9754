import { z } from "zod";
import { MSG } from "./messages.ts";

export interface RewardDto {
  id: string;
  title: string;
  description: string;
  type: "daily" | "weekly";
  requirement: number;
  progress: number;
  coinReward: number;
  claimed: boolean;
  /** ISO time of the period's reset. */
  resetTime: string;
}

export const ClaimRewardBody = z.object({
  rewardId: z.string({ error: MSG.unknownReward }),
  rewardType: z.enum(["daily", "weekly"], { error: MSG.unknownReward }),
  // Sent by the client per SPEC.md; ignored: the server credits the reward table's coins.
  amount: z.unknown().optional(),
});
