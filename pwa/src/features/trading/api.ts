// The trading calls of SPEC.md section 7, as query options and plain functions.

import { queryOptions } from "@tanstack/react-query";
import type { CardIdentityDto } from "@contract/cards";
import { MSG } from "@contract/messages";
import type { OwnerEntryDto, TradeNotificationsDto, TradeRecordDto, UniqueCardDto } from "@contract/trades";
import { apiRequest } from "../../lib/http";
import { onLiveEvent } from "../../live/liveEvents";
import { ownersPath } from "./tradingModel";

export const tradingKey = ["trading"] as const;
export const offersKey = [...tradingKey, "offers"] as const;
export const historyKey = [...tradingKey, "history"] as const;
/** While the event stream is down (issue 47). */
export const TRADE_POLL_MS = 30_000;

// An offer made, answered or expired: the trading screen's lists and badges read again.
onLiveEvent("trade", (_, queryClient) => void queryClient.invalidateQueries({ queryKey: tradingKey }));

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

export const offersQuery = queryOptions({
  queryKey: offersKey,
  queryFn: ({ signal }) => apiRequest<TradeRecordDto[]>("/trade/offers", { fallback: "Failed to load trade offers", signal }),
  refetchInterval: TRADE_POLL_MS,
  refetchOnWindowFocus: true,
});

export const historyQuery = queryOptions({
  queryKey: historyKey,
  queryFn: ({ signal }) => apiRequest<TradeRecordDto[]>("/trade/executed-history", { fallback: "Failed to load trade history", signal }),
  refetchOnWindowFocus: true,
});

export const notificationsQuery = (lastSentView: string | null, lastHistoryView: string | null) =>
  queryOptions({
    queryKey: [...tradingKey, "notifications", lastSentView, lastHistoryView],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams();
      if (lastHistoryView) params.set("lastHistoryView", lastHistoryView);
      if (lastSentView) params.set("lastSentView", lastSentView);
      return apiRequest<TradeNotificationsDto>(`/trade/notifications?${params}`, { fallback: "Failed to load trade notifications", signal });
    },
    refetchInterval: TRADE_POLL_MS,
    refetchOnWindowFocus: true,
  });

export function sendOffer(body: { toUserId: number; offeredCardIds: [number]; requestedCardId: number }) {
  return apiRequest<unknown>("/trade/offer", { method: "POST", body, fallback: MSG.tradeOfferFailed });
}

export function answerOffer(tradeId: number, action: "accept" | "decline" | "cancel", fallback: string) {
  return apiRequest<unknown>(`/trade/${tradeId}/${action}`, { method: "POST", fallback });
}
