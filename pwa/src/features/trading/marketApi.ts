// The market's calls (SPEC.md section 7, Browse): apart from api.ts, so the signed-in shell, which
// reads the offers waiting for the app badge, does not load the market's card model with them.

import { queryOptions } from "@tanstack/react-query";
import type { CardIdentityDto } from "@contract/cards";
import type { OwnerEntryDto, UniqueCardDto } from "@contract/trades";
import { apiRequest } from "../../lib/http";
import { tradingKey } from "./api";
import { ownersPath } from "./tradingModel";

export const marketQuery = queryOptions({
  queryKey: [...tradingKey, "market"],
  queryFn: ({ signal }) => apiRequest<UniqueCardDto[]>("/trade/cards", { fallback: "Failed to load cards", signal }),
  staleTime: 15_000,
});

export const ownersQuery = (card: CardIdentityDto) =>
  queryOptions({
    queryKey: [...tradingKey, "owners", ownersPath(card)],
    queryFn: ({ signal }) => apiRequest<OwnerEntryDto[]>(ownersPath(card), { fallback: "Failed to load owners", signal }),
  });
