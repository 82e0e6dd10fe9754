import type { FinderCardDto, MatchDto, SpareDto, WishDto } from "../contract/tradeFinder.ts";
import { publicNameOf } from "../contract/publicName.ts";
import { points as pointsOf, tierOf } from "../game/rarity.ts";
import type { Card } from "../game/sets.ts";
import { spareCount } from "../game/tradeFinder.ts";
import type { MatchRow, SpareRow, WishRow } from "../queries/tradeFinder.ts";

export function presentFinderCard(card: Card, points = pointsOf(card)): FinderCardDto {
  return { character: card.character, background: card.background, set: card.set, isHolo: card.isHolo, isGlitch: card.isGlitch, isDarkHolo: card.isDarkHolo, points, tier: tierOf(card) };
}

export function presentWish(w: WishRow): WishDto {
  return { card: presentFinderCard(w.card), createdAt: w.createdAt.toISOString(), owners: w.owners };
}

export function presentSpare(s: SpareRow): SpareDto {
  const spare = spareCount(s.copies, s.keep, s.notForTrade, s.offerIds.length);
  return {
    card: presentFinderCard(s.card, s.points),
    copies: s.copies,
    keep: s.keep,
    notForTrade: s.notForTrade,
    inOpenOffers: s.offerIds,
    spare,
    spareCardId: spare > 0 ? s.freeCardId : null,
  };
}

/** A match names the other player by public name only (RULES.md, Accounts). */
export function presentMatch(m: MatchRow): MatchDto {
  return {
    user: { id: m.userId, displayName: publicNameOf({ id: m.userId, displayName: m.displayName }) },
    mutual: m.mutual,
    wantedCards: m.wantedCards,
    fair: m.fair,
    pairs: m.pairs.map((p) => ({
      theirs: { ...presentFinderCard(p.theirs, p.theirs.points), cardId: p.theirs.cardId },
      mine: { ...presentFinderCard(p.mine, p.mine.points), cardId: p.mine.cardId, inOpenOffers: p.mine.inOpenOffers },
      theyWantMine: p.theyWantMine,
      fair: !p.lopsided,
    })),
  };
}
