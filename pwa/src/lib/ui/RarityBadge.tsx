import { RARITY_LETTER, rarityClass, type RarityTier } from "../rarity";
import "./RarityBadge.css";

/** A tier chip: colour, shape and letter together, so it reads without colour vision too. */
export function RarityBadge({ tier, showLabel = true }: { tier: RarityTier; showLabel?: boolean }) {
  return (
    <span className={`rarity-badge ${rarityClass(tier)}`} title={tier}>
      <span className="rarity-badge__gem" aria-hidden="true">
        {RARITY_LETTER[tier]}
      </span>
      {showLabel ? <span className="rarity-badge__label">{tier}</span> : <span className="visually-hidden">{tier}</span>}
    </span>
  );
}
