import { memo } from "react";
import { finishLabel } from "../../../effects/tiers";
import { formatCompact, formatNumber } from "../../../lib/format";
import { backgroundName, backgroundPhrase, cardName, cardNumber, fullCardName } from "../../../lib/cardName";
import { rarityClass } from "../../../lib/rarity";
import { CardArt } from "../../../lib/ui/CardArt";
import type { CollectionItem } from "../collectionModel";

/** One binder slot: an owned kind of card with its 'xN' badge, or a missing entry, faded, greyed and blurred. */
export const CollectionTile = memo(function CollectionTile({ item, compactPoints, onOpen, artSizes }: { item: CollectionItem; compactPoints: boolean; onOpen: (item: CollectionItem) => void; artSizes: string }) {
  const finish = item.finish === "regular" ? "" : finishLabel(item.finish);
  const points = compactPoints ? formatCompact(item.points) : formatNumber(item.points);
  // Set, number, finish and background: no two different cards share a label (issue 13).
  const identity = [fullCardName(item), finish, backgroundPhrase(item.background)].filter(Boolean).join(", ");
  const label = item.owned
    ? `${identity}, ${item.tier}, ${formatNumber(item.points)} points${item.count > 1 ? `, ${item.count} copies` : ""}`
    : `${identity}, ${item.tier}, missing`;
  // The name, then the set's number: two short lines instead of one cut on phones.
  const number = `#${cardNumber(item).split("#").pop()}`;
  return (
    <button
      type="button"
      className={`binder-card ${rarityClass(item.tier)}${item.owned ? "" : " is-missing"}`}
      onClick={() => onOpen(item)}
      aria-label={label}
      data-owned={item.owned}
    >
      <span className="card-frame binder-card__frame">
        <CardArt card={item} sizes={artSizes} loading="eager" />
        {item.owned && item.count > 1 && <span className="binder-card__count">x{item.count}</span>}
        {finish && <span className={`finish-badge binder-card__finish finish-${item.finish}`}>{finish}</span>}
        {!item.owned && <span className="binder-card__missing">?</span>}
      </span>
      <span className="binder-card__caption" aria-hidden="true">
        <span className="binder-card__name">{cardName(item)}</span>
        <span className="binder-card__sub">
          {number}
          {item.background && <span className="binder-card__bg"> · {backgroundName(item.background)}</span>}
        </span>
        <span className="binder-card__meta">
          <span className="binder-card__tier">{item.tier}</span>
          <span className="binder-card__points">{points}</span>
        </span>
      </span>
    </button>
  );
});
