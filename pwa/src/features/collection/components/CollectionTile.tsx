import { memo } from "react";
import { finishLabel } from "../../../effects/tiers";
import { formatCompact, formatNumber } from "../../../lib/format";
import { cardName } from "../../../lib/cardName";
import { rarityClass } from "../../../lib/rarity";
import { CardArt } from "../../../lib/ui/CardArt";
import type { CollectionItem } from "../collectionModel";

/** One binder slot: an owned kind of card with its 'xN' badge, or a missing entry, faded, greyed and blurred. */
export const CollectionTile = memo(function CollectionTile({ item, compactPoints, onOpen }: { item: CollectionItem; compactPoints: boolean; onOpen: (item: CollectionItem) => void }) {
  const name = cardName(item);
  const finish = item.finish === "regular" ? "" : finishLabel(item.finish);
  const points = compactPoints ? formatCompact(item.points) : formatNumber(item.points);
  const label = item.owned
    ? `${name}${finish ? `, ${finish}` : ""}, ${item.tier}, ${formatNumber(item.points)} points${item.count > 1 ? `, ${item.count} copies` : ""}`
    : `${name}${finish ? `, ${finish}` : ""}, ${item.tier}, missing`;
  return (
    <button
      type="button"
      className={`binder-card ${rarityClass(item.tier)}${item.owned ? "" : " is-missing"}`}
      onClick={() => onOpen(item)}
      aria-label={label}
      data-owned={item.owned}
    >
      <span className="card-frame binder-card__frame">
        <CardArt card={item} />
        {item.owned && item.count > 1 && <span className="binder-card__count">x{item.count}</span>}
        {finish && <span className={`finish-badge binder-card__finish finish-${item.finish}`}>{finish}</span>}
        {!item.owned && <span className="binder-card__missing">?</span>}
      </span>
      <span className="binder-card__caption" aria-hidden="true">
        <span className="binder-card__name">{name}</span>
        <span className="binder-card__meta">
          <span className="binder-card__tier">{item.tier}</span>
          <span className="binder-card__points">{points}</span>
        </span>
      </span>
    </button>
  );
});
