import { FALLBACK } from "@contract/messages";
import type { BattleAllowanceDto, BattleDto, FindOpponentResponse, RoundResultDto } from "@contract/battle";
import type { CardDto } from "@contract/cards";
import { apiRequest } from "../../lib/http";

/** POST /api/battle/find-opponent: a new battle against a random player (or Arena Bot). */
export function findOpponent(): Promise<FindOpponentResponse> {
  return apiRequest<FindOpponentResponse>("/battle/find-opponent", { method: "POST", fallback: FALLBACK.findOpponent, timeoutMs: 15_000 });
}

/** GET /api/battle/:id: names, ranks, lives and the rounds played so far. */
export function getBattle(id: number): Promise<BattleDto> {
  return apiRequest<BattleDto>(`/battle/${id}`, { fallback: FALLBACK.findOpponent, timeoutMs: 15_000 });
}

/** POST /api/battle/:id/round: the server plays the next round (429 under 1 s after the last). */
export function playRound(id: number): Promise<RoundResultDto> {
  return apiRequest<RoundResultDto>(`/battle/${id}/round`, { method: "POST", fallback: FALLBACK.battleRound, timeoutMs: 15_000 });
}

/** GET /api/battle/allowance: the reward panel's coins per win, daily cap and what is left today. */
export function getAllowance(): Promise<BattleAllowanceDto> {
  return apiRequest<BattleAllowanceDto>("/battle/allowance", { fallback: FALLBACK.findOpponent });
}

/** GET /api/user/champions: the player's top 5 cards, best first. */
export function getChampions(signal?: AbortSignal): Promise<CardDto[]> {
  return apiRequest<CardDto[]>("/user/champions", { fallback: FALLBACK.champions, signal });
}

/** 'Your Champions' in the query cache: the battle screen and the offline copy share one answer. */
export const championsQueryKey = ["battle", "champions"] as const;
export const championsQueryOptions = {
  queryKey: championsQueryKey,
  queryFn: ({ signal }: { signal: AbortSignal }) => getChampions(signal),
} as const;
