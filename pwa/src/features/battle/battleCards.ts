// Battle and champion cards as the effects and the screen reader see them.

import type { BattleCardDto } from "@contract/battle";
import { TIERS, type Tier } from "../../../../api/src/game/sets";
import { cardName, fullCardName } from "../../lib/cardName";
import { toRevealCard, type RevealCard } from "../../effects/cardStage";
import { finishLabel } from "../../effects/tiers";
import { formatNumber } from "../../lib/format";

type CardFields = Pick<BattleCardDto, "character" | "background" | "set" | "isHolo" | "isGlitch" | "isDarkHolo" | "points" | "tier">;

/** A card for the effects, keeping the server's points and tier (it decided them). */
export function battleRevealCard(card: CardFields, key: string): RevealCard {
  const base = toRevealCard(card, key, false);
  const tier = (TIERS as readonly string[]).includes(card.tier) ? (card.tier as Tier) : base.tier;
  return { ...base, points: card.points, tier };
}

export { cardName };

/** What a screen reader hears: 'Velvet Night #3, Holo, Rare, 1,234 points'. */
export function cardSummary(card: CardFields): string {
  const finish = battleRevealCard(card, "").finish;
  const parts = [fullCardName(card), finish === "regular" ? "" : finishLabel(finish), card.tier, `${formatNumber(card.points)} points`];
  return parts.filter(Boolean).join(", ");
}
