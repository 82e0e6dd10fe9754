// Issue 16, RULES.md Spending limit: the player's monthly limit. Shapes and validation.
import { z } from "zod";
import { MAX_LIMIT_CENTS } from "../game/spendingLimit.ts";
import { MSG } from "./messages.ts";

export interface SpendingLimitDto {
  monthlyLimitCents: number | null;
  /** Completed purchases this UTC month, in cents. */
  spentThisMonthCents: number;
  pending: { monthlyLimitCents: number | null; effectiveAt: string } | null;
}

export const SpendingLimitBody = z.object({
  // Whole dollars: a multiple of 100 cents, at least $1.
  monthlyLimitCents: z
    .number({ error: MSG.spendingLimitInvalid })
    .int({ error: MSG.spendingLimitInvalid })
    .min(100, { error: MSG.spendingLimitInvalid })
    .max(MAX_LIMIT_CENTS, { error: MSG.spendingLimitInvalid })
    .refine((n) => n % 100 === 0, { error: MSG.spendingLimitInvalid })
    .nullable(),
});
