// Issue 16, RULES.md Spending limit: the player's monthly limit. Shapes and validation.
import { z } from "zod";
import { MAX_LIMIT_CENTS } from "../game/spendingLimit.ts";
import { MSG } from "./messages.ts";

export interface SpendingLimitDto {
  monthlyLimitCents: number | null;
  /** Payments captured this UTC month, in cents (RULES.md: by the time of capture). */
  spentThisMonthCents: number;
  /** What open checkouts hold (unpaid, declined or authorized and not captured), in cents. */
  reservedCents: number;
  pending: { monthlyLimitCents: number | null; effectiveAt: string } | null;
}

export const SpendingLimitBody = z.object({
  // Whole dollars: a multiple of 100 cents. $0 is "no purchases" (README, Spending limit).
  monthlyLimitCents: z
    .number({ error: MSG.spendingLimitInvalid })
    .int({ error: MSG.spendingLimitInvalid })
    .min(0, { error: MSG.spendingLimitInvalid })
    .max(MAX_LIMIT_CENTS, { error: MSG.spendingLimitInvalid })
    .refine((n) => n % 100 === 0, { error: MSG.spendingLimitInvalid })
    .nullable(),
});
