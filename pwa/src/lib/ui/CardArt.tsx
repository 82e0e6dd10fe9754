import { useState } from "react";
import { cardImageUrls, packImage } from "../../effects/cardImages";
import { backgroundName } from "../cardName";
import type { RevealCard } from "../../effects/cardStage";
import "./CardArt.css";

/**
 * Pictures this page has already loaded. A tile built again for one (the binder scrolling back, or
 * another card with the same portrait or background: a few hundred pictures for 10,000 cards) starts
 * ready: shown in its first paint, not restyled and repainted when its load event comes.
 */
const shownPictures = new Set<string>();
/** A picture's load handler: remembered for the next tile, and this one's part is ready. */
const onShown = (key: string, setReady: (ready: boolean) => void) => () => {
  shownPictures.add(key);
  setReady(true);
};

/**
 * A card's picture in plain DOM (grids and lists), composed like the effects stage draws it: with a
 * background, the background fills the card as a frame and the portrait sits inset on it; without
 * one, the portrait (which has its own frame) fills the card. The portrait follows SPEC.md section
 * 8's chain (holo art, regular art, the set's emoji), with a light CSS foil for shiny finishes.
 * Until the pictures have decoded the tile shows its own colours (the background's, else the
 * set's), never a background without its character (issue 13).
 */
export function CardArt({
  card,
  className,
  sizes = "120px",
  loading = "lazy",
}: {
  card: Pick<RevealCard, "character" | "set" | "background" | "finish">;
  className?: string;
  sizes?: string;
  /** "eager" where only tiles near the screen exist anyway (the virtualised binder). */
  loading?: "lazy" | "eager";
}) {
  const chain = cardImageUrls(card);
  const [portrait, setPortrait] = useState(0);
  // The 2x file is offered through srcset (the browser takes it for a big tile on a dense
  // screen); when it cannot load (offline: the device keeps 1x files) the 1x file is used alone.
  const [no2x, setNo2x] = useState(false);
  const [backgroundFailed, setBackgroundFailed] = useState(false);
  const url = chain.portraits[portrait];
  const url2x = no2x ? undefined : chain.portraits2x[portrait];
  const portraitKey = `${url}${url2x ? "+2x" : ""}`;
  const [portraitReady, setPortraitReady] = useState(() => shownPictures.has(portraitKey));
  const [backgroundReady, setBackgroundReady] = useState(() => chain.background !== null && shownPictures.has(chain.background));
  const showBackground = chain.background !== null && !backgroundFailed;
  const ready = (portraitReady || !url) && (backgroundReady || !showBackground);
  const placeholder = chain.background ? chain.backgroundGradient : packImage(card.set).gradient;
  const classes = ["card-art", `finish-${card.finish}`, chain.background ? "has-bg" : "", ready ? "is-ready" : "", className ?? ""].filter(Boolean).join(" ");
  return (
    <div className={classes} style={{ background: placeholder }} aria-hidden="true">
      {/* Background variants read as different cards (issue 44): the background names itself on the face. */}
      {chain.background && <span className="card-art__bg-name">{backgroundName(card.background)}</span>}
      {showBackground && (
        <img
          className="card-art__bg"
          src={chain.background!}
          alt=""
          loading={loading}
          decoding="async"
          draggable={false}
          onLoad={onShown(chain.background!, setBackgroundReady)}
          onError={() => setBackgroundFailed(true)}
        />
      )}
      {url ? (
        <img
          key={portraitKey}
          className="card-art__portrait"
          src={url}
          srcSet={url2x ? `${url} 400w, ${url2x} 800w` : undefined}
          sizes={url2x ? sizes : undefined}
          alt=""
          loading={loading}
          decoding="async"
          draggable={false}
          onLoad={onShown(portraitKey, setPortraitReady)}
          onError={() => (url2x ? setNo2x(true) : setPortrait((n) => n + 1))}
        />
      ) : (
        <span className="card-art__emoji">{chain.emoji}</span>
      )}
      {card.finish !== "regular" && <span className="card-art__foil" />}
    </div>
  );
}
