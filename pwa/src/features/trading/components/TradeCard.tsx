import type { ReactNode } from "react";
import type { CardIdentityDto } from "@contract/cards";
import { toRevealCard } from "../../../effects/cardStage";
import { finishLabel } from "../../../effects/tiers";
import { backgroundName, cardName, fullCardName } from "../../../lib/cardName";
import { formatNumber } from "../../../lib/format";
import { rarityClass } from "../../../lib/rarity";
import { CardArt } from "../../../lib/ui/CardArt";
import { Icon } from "../../../lib/ui/Icon";

/** A card face with its name, finish, tier and points: the market grid, offers and history. */
export function TradeCard({ card, caption, size = "md" }: { card: CardIdentityDto; caption?: string; size?: "sm" | "md" }) {
  const view = toRevealCard(card, "trade");
  const finish = view.finish === "regular" ? "" : finishLabel(view.finish);
  return (
    <figure className={`trade-card trade-card--${size} ${rarityClass(view.tier)}`}>
      {caption && <span className="trade-card__caption">{caption}</span>}
      <span className="card-frame">
        <CardArt card={view} />
        {finish && <span className={`finish-badge finish-${view.finish}`}>{finish}</span>}
      </span>
      <figcaption className="trade-card__text">
        <span className="trade-card__name">{cardName(card)}</span>
        <span className="trade-card__meta">
          <span className="trade-card__points">{formatNumber(view.points)} pts</span>
          <span className="trade-card__tier">{view.tier}</span>
        </span>
      </figcaption>
    </figure>
  );
}

/** A card's points by the game's own rules (market and offer cards carry only their identity). */
export function cardPoints(card: CardIdentityDto): number {
  return toRevealCard(card, "points").points;
}

/** How screen readers hear a card: 'Velvet Night #3, Glitch, Space background, Epic, 120 points'. */
export function cardLabel(card: CardIdentityDto): string {
  const view = toRevealCard(card, "label");
  const finish = view.finish === "regular" ? "" : `, ${finishLabel(view.finish)}`;
  const background = card.background ? `, ${backgroundName(card.background)} background` : "";
  return `${fullCardName(card)}${finish}${background}, ${view.tier}, ${formatNumber(view.points)} points`;
}

/** Two cards of a trade side by side with the swap arrow: offers, history and both dialogs. */
export function TradePair({ left, right, className = "offer__cards", children }: { left: [CardIdentityDto, string]; right: [CardIdentityDto, string]; className?: string; children?: ReactNode }) {
  return (
    <div className={className}>
      <TradeCard card={left[0]} caption={left[1]} size="sm" />
      <Icon name="trading" size={26} className="trade-pair__arrow" />
      <TradeCard card={right[0]} caption={right[1]} size="sm" />
      {children}
    </div>
  );
}
