import type { FairnessDto, PullsPage, PullSummaryDto, RevealedPage, RotateResponse } from "@contract/fairness";
import { MSG } from "@contract/messages";
import { apiRequest } from "../../lib/http";

export const fairnessKey = ["fairness"] as const;
export const pullsKey = ["pulls"] as const;

export const fetchFairness = (signal?: AbortSignal) => apiRequest<FairnessDto>("/fairness", { fallback: MSG.fairnessError, signal });

/** Revealed seeds older than the reveal `before` names (the cursor /fairness and each page give). */
export const fetchRevealed = (before: number, signal?: AbortSignal) =>
  apiRequest<RevealedPage>(`/fairness/revealed?before=${before}`, { fallback: MSG.fairnessError, signal });

export const saveClientSeed = (clientSeed: string) =>
  apiRequest<FairnessDto>("/fairness/client-seed", { method: "PUT", body: { clientSeed }, fallback: MSG.fairnessError });

export const rotateSeed = () => apiRequest<RotateResponse>("/fairness/rotate", { method: "POST", fallback: MSG.fairnessError });

export interface PullFilters {
  set?: number;
  tier?: string;
  serverSeedHash?: string;
}

export function fetchPulls(filters: PullFilters, before: number | null, limit: number, signal?: AbortSignal): Promise<PullsPage> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (before) query.set("before", String(before));
  if (filters.set) query.set("set", String(filters.set));
  if (filters.tier) query.set("tier", filters.tier);
  if (filters.serverSeedHash) query.set("serverSeedHash", filters.serverSeedHash);
  return apiRequest<PullsPage>(`/pulls?${query}`, { fallback: MSG.historyError, signal });
}

export const fetchPullSummary = (signal?: AbortSignal) => apiRequest<PullSummaryDto>("/pulls/summary", { fallback: MSG.historyError, signal });
