// Issue 48, trade finder: wishlist, spares, matches. Shapes shared with the PWA (types + zod).
import { z } from "zod";
import type { CardIdentityDto } from "./cards.ts";
import { MSG } from "./messages.ts";

/** A card identity with its points and tier (the same for every copy). */
export interface FinderCardDto extends CardIdentityDto {
  points: number;
  tier: string;
}

/** GET /api/trade/wishlist: my wanted cards, newest first. */
export interface WishlistDto {
  entries: WishDto[];
  count: number;
  max: number;
}

export interface WishDto {
  card: FinderCardDto;
  createdAt: string;
  /** Other players holding a spare copy of it for trade (beyond their kept count, not in an open offer, shown in matches); counted up to OWNERS_COUNT_CAP (contract/rules.ts; shown as "100+"). */
  owners: number;
}

/** PUT /api/trade/wishlist/...identity: 200 whether it was added now or before (idempotent). */
export interface WishPutDto {
  entry: WishDto;
  added: boolean;
  count: number;
}

/** GET /api/trade/spares: every card I own, with what trading may take of it. */
export interface SpareDto {
  card: FinderCardDto;
  copies: number;
  /** Copies kept out of trading (1 unless set). */
  keep: number;
  notForTrade: boolean;
  /** Copies in my open (pending, unexpired) offers, sent or received: never spare. */
  inOpenOffers: number[];
  /** Copies free to trade: beyond the kept count and not in an open offer. */
  spare: number;
  /** One spare copy to put in an offer (null when there is none). */
  spareCardId: number | null;
}

/** PUT /api/trade/keep/...identity */
export const KeepBody = z
  .object({
    keep: z.number({ error: MSG.tradeKeepShape }).int({ error: MSG.tradeKeepShape }).min(0, { error: MSG.tradeKeepShape }).max(9999, { error: MSG.tradeKeepShape }).optional(),
    notForTrade: z.boolean({ error: MSG.tradeKeepShape }).optional(),
  })
  .refine((b) => b.keep !== undefined || b.notForTrade !== undefined, { error: MSG.tradeKeepShape });
export type KeepBody = z.infer<typeof KeepBody>;

/** GET and PUT /api/trade/finder-settings */
export const FinderSettingsBody = z.object({ showInMatches: z.boolean({ error: MSG.tradeFinderSettingsShape }) });
export type FinderSettingsDto = z.infer<typeof FinderSettingsBody>;

/** GET /api/trade/matches?limit&offset */
export const MatchesQuery = z.object({
  limit: z.coerce.number({ error: MSG.badRequest }).int({ error: MSG.badRequest }).min(1, { error: MSG.badRequest }).max(50, { error: MSG.badRequest }).default(20),
  offset: z.coerce.number({ error: MSG.badRequest }).int({ error: MSG.badRequest }).min(0, { error: MSG.badRequest }).max(10_000, { error: MSG.badRequest }).default(0),
});

export interface MatchesDto {
  matches: MatchDto[];
  /** Why I get no matches at all (trading locked, my daily limit), or null. */
  unavailable: string | null;
}

export interface MatchDto {
  /** The other player by public name only (RULES.md, Accounts). */
  user: { id: number; displayName: string };
  /** They want one of my spares and hold a spare I want. */
  mutual: boolean;
  /** Wanted cards on both sides that this player covers (mine they hold + theirs I hold). */
  wantedCards: number;
  /** At least one pair is within the lopsided ratio of RULES.md. */
  fair: boolean;
  /** Best first; each opens a pre-filled offer: POST /api/trade/offer { toUserId: user.id, offeredCardIds: [mine.cardId], requestedCardId: theirs.cardId }. */
  pairs: MatchPairDto[];
}

export interface MatchPairDto {
  /** Their spare that I want. */
  theirs: FinderCardDto & { cardId: number };
  /** My spare: one they want when `theyWantMine`, else my spare nearest in points. */
  mine: FinderCardDto & { cardId: number; /** my other copies of it already in open offers */ inOpenOffers: number };
  theyWantMine: boolean;
  fair: boolean;
}
