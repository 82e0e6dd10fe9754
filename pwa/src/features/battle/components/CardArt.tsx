import { useState } from "react";
import { cardImageUrls } from "../../../effects/cardImages";
import type { RevealCard } from "../../../effects/cardStage";

/**
 * A card's picture in plain DOM (the champions list): the background picture over its gradient,
 * then the portrait along SPEC.md section 8's chain (holo art, regular art, the set's emoji).
 */
export function CardArt({ card }: { card: RevealCard }) {
  const chain = cardImageUrls(card);
  const [portrait, setPortrait] = useState(0);
  const [backgroundFailed, setBackgroundFailed] = useState(false);
  const url = chain.portraits[portrait];
  return (
    <div className={`card-art finish-${card.finish}`} style={{ background: chain.backgroundGradient }} aria-hidden="true">
      {chain.background && !backgroundFailed && (
        <img className="card-art__bg" src={chain.background} alt="" loading="lazy" decoding="async" onError={() => setBackgroundFailed(true)} />
      )}
      {url ? (
        <img className="card-art__portrait" src={url} alt="" loading="lazy" decoding="async" onError={() => setPortrait((n) => n + 1)} />
      ) : (
        <span className="card-art__emoji">{chain.emoji}</span>
      )}
      {card.finish !== "regular" && <span className="card-art__foil" />}
    </div>
  );
}
