import type { CardIdentityDto } from "@contract/cards";
import { toRevealCard } from "../../../effects/cardStage";
import { finishLabel } from "../../../effects/tiers";
import { cardName } from "../../../lib/cardName";
import { formatNumber } from "../../../lib/format";
import { rarityClass } from "../../../lib/rarity";
import { CardArt } from "../../../lib/ui/CardArt";
import { backgroundName } from "../tradingModel";

/** A card face with its name, finish, tier and points: the market grid, offers and history. */
export function TradeCard({ card, caption, size = "md" }: { card: CardIdentityDto; caption?: string; size?: "sm" | "md" }) {
  const view = toRevealCard(card, "trade");
  const finish = view.finish === "regular" ? "" : finishLabel(view.finish);
  return (
    <figure className={`trade-card trade-card--${size} ${rarityClass(view.tier)}`}>
      {caption && <span className="trade-card__caption">{caption}</span>}
      <span className="trade-card__frame">
        <CardArt card={view} />
        {finish && <span className={`trade-card__finish finish-${view.finish}`}>{finish}</span>}
      </span>
      <figcaption className="trade-card__text">
        <span className="trade-card__name">{cardName(card)}</span>
        <span className="trade-card__meta">
          <span className="trade-card__tier">{view.tier}</span>
          <span className="trade-card__points">{formatNumber(view.points)} pts</span>
        </span>
      </figcaption>
    </figure>
  );
}

/** How screen readers hear a card: 'Velvet Night #3, Glitch, Space background, Epic, 120 points'. */
export function cardLabel(card: CardIdentityDto): string {
  const view = toRevealCard(card, "label");
  const finish = view.finish === "regular" ? "" : `, ${finishLabel(view.finish)}`;
  const background = card.background ? `, ${backgroundName(card.background)} background` : "";
  return `${cardName(card)}${finish}${background}, ${view.tier}, ${formatNumber(view.points)} points`;
}
