import type { TradeRecordDto } from "../contract/trades.ts";
import { effectiveTradeStatus } from "../game/trading.ts";
import type { TradeRecord, TradeRow } from "../queries/trades.ts";
import { presentCard } from "./card.ts";

export function presentTrade(t: TradeRow, now: Date): TradeRecordDto["trade"] {
  return {
    id: t.id,
    fromUserId: t.fromUserId,
    toUserId: t.toUserId,
    status: effectiveTradeStatus(t.status, t.expiresAt, now),
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    expiresAt: t.expiresAt.toISOString(),
  };
}

export function presentTradeRecord(r: TradeRecord, now: Date): TradeRecordDto {
  return {
    trade: presentTrade(r.trade, now),
    offeredCards: [presentCard(r.offeredCard)],
    requestedCard: presentCard(r.requestedCard),
    fromUser: r.fromUser,
    toUser: r.toUser,
  };
}
