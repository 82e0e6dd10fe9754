import { useState } from "react";
import { cardImageUrls } from "../../effects/cardImages";
import type { RevealCard } from "../../effects/cardStage";
import "./CardArt.css";

/**
 * A card's picture in plain DOM (grids and lists): the background picture over its gradient,
 * then the portrait along SPEC.md section 8's chain (holo art, regular art, the set's emoji),
 * with a light CSS foil for shiny finishes. Big animated foil belongs to the effects stage.
 */
export function CardArt({ card, className }: { card: Pick<RevealCard, "character" | "set" | "background" | "finish">; className?: string }) {
  const chain = cardImageUrls(card);
  const [portrait, setPortrait] = useState(0);
  const [backgroundFailed, setBackgroundFailed] = useState(false);
  const url = chain.portraits[portrait];
  return (
    <div className={`card-art finish-${card.finish}${className ? ` ${className}` : ""}`} style={{ background: chain.backgroundGradient }} aria-hidden="true">
      {chain.background && !backgroundFailed && (
        <img className="card-art__bg" src={chain.background} alt="" loading="lazy" decoding="async" draggable={false} onError={() => setBackgroundFailed(true)} />
      )}
      {url ? (
        <img className="card-art__portrait" src={url} alt="" loading="lazy" decoding="async" draggable={false} onError={() => setPortrait((n) => n + 1)} />
      ) : (
        <span className="card-art__emoji">{chain.emoji}</span>
      )}
      {card.finish !== "regular" && <span className="card-art__foil" />}
    </div>
  );
}
