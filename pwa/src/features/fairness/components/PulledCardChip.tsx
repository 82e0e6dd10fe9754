import type { PulledCardRecord } from "../../../../../api/src/game/pullRecord";
import { FINISH_LABELS } from "../../../../../api/src/game/sets";
import { backgroundName, fullCardName } from "../../../lib/cardName";
import { formatNumber } from "../../../lib/format";
import { rarityClass } from "../../../lib/rarity";
import { RarityBadge } from "../../../lib/ui/RarityBadge";

/** One card of a pack as text: name, finish, background, tier and points (history and checks). */
export function PulledCardChip({ set, card }: { set: number; card: PulledCardRecord }) {
  return (
    <li className={`pulled-card ${rarityClass(card.tier)}`}>
      <span className="pulled-card__name">{fullCardName({ set, character: card.character })}</span>
      <span className="pulled-card__detail">
        {[card.finish !== "regular" && FINISH_LABELS[card.finish], card.background && backgroundName(card.background)].filter(Boolean).join(" · ") || "Regular"}
      </span>
      <span className="pulled-card__tier">
        <RarityBadge tier={card.tier} /> <span className="pulled-card__points">{formatNumber(card.points)} pts</span>
      </span>
    </li>
  );
}

/** A pack's cards as a list of chips. */
export function PulledCards({ set, cards }: { set: number; cards: readonly PulledCardRecord[] }) {
  return (
    <ul className="pulled-cards">
      {cards.map((card, i) => (
        <PulledCardChip key={i} set={set} card={card} />
      ))}
    </ul>
  );
}
