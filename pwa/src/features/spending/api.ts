import { MSG } from "@contract/messages";
import type { SpendingLimitDto } from "@contract/spending";
import { apiRequest } from "../../lib/http";

export const spendingLimitKey = ["spending-limit"] as const;

export const fetchSpendingLimit = (signal?: AbortSignal) =>
  apiRequest<SpendingLimitDto>("/user/spending-limit", { fallback: "Failed to load your spending limit", signal });

export const saveSpendingLimit = (monthlyLimitCents: number | null) =>
  apiRequest<SpendingLimitDto>("/user/spending-limit", { method: "PUT", body: { monthlyLimitCents }, fallback: MSG.spendingLimitInvalid });
