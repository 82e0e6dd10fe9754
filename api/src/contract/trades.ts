import { z } from "zod";
import type { CardDto, CardIdentityDto } from "./cards.ts";
import { MSG } from "./messages.ts";
import { INT4_MAX } from "./text.ts";

/** SPEC.md section 3: a trade offer record; history entries have the same shape. */
export interface TradeRecordDto {
  trade: {
    id: number;
    fromUserId: number;
    toUserId: number;
    /** pending, accepted, declined, cancelled or expired (a pending offer past its 7 days). */
    status: string;
    createdAt: string;
    updatedAt: string;
    expiresAt: string;
  };
  offeredCards: CardDto[];
  requestedCard: CardDto;
  fromUser: { username: string; displayName: string | null };
  toUser: { username: string; displayName: string | null };
}

/** A unique card identity on the market with how many copies players hold. */
export interface UniqueCardDto extends CardIdentityDto {
  points: number;
  tier: string;
  count: number;
}

/** An owner of a card identity, one entry per player, with one of their copies. */
export interface OwnerEntryDto {
  user: { id: number; displayName: string | null; username: string };
  card: CardDto;
  count: number;
}

export interface TradeNotificationsDto {
  sentOffersCount: number;
  receivedOffersCount: number;
  historyCount: number;
}

const id = z.number({ error: MSG.tradeOfferShape }).int({ error: MSG.tradeOfferShape }).positive({ error: MSG.tradeOfferShape }).max(INT4_MAX, { error: MSG.tradeOfferShape });

export const TradeOfferBody = z.object({
  toUserId: id,
  offeredCardIds: z.array(id, { error: MSG.tradeOfferShape }).length(1, { error: MSG.tradeOfferShape }),
  requestedCardId: id,
});
export type TradeOfferBody = z.infer<typeof TradeOfferBody>;
