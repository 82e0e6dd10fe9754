import { useEffect, useRef, useState } from "react";
import { backgroundById, setById } from "../../../../../api/src/game/sets";
import { inspectCard, toRevealCard, type InspectHandle } from "../../../effects/cardStage";
import { finishLabel } from "../../../effects/tiers";
import { useReducedMotion } from "../../../effects/useReducedMotion";
import { cardName } from "../../../lib/cardName";
import { formatNumber } from "../../../lib/format";
import { getLowEffects } from "../../../lib/lowEffects";
import { CardArt } from "../../../lib/ui/CardArt";
import { Dialog } from "../../../lib/ui/Dialog";
import { RarityBadge } from "../../../lib/ui/RarityBadge";
import type { CollectionItem } from "../collectionModel";
import { ShareButton } from "../../share/ShareButton";
import { KeepControls } from "../../tradeFinder/components/KeepControls";
import { WishButton } from "../../tradeFinder/components/WishButton";

/**
 * A card, large, on the effects stage: its foil follows the pointer or the device's tilt (PixiJS,
 * or the DOM fallback without WebGL). Missing entries show what the player is still looking for.
 */
export function CardInspector({ item, onClose }: { item: CollectionItem | null; onClose: () => void }) {
  return (
    <Dialog open={!!item} onClose={onClose} title={item ? cardName(item) : ""} size="md" className="inspector">
      {item && <InspectorBody item={item} />}
    </Dialog>
  );
}

function InspectorBody({ item }: { item: CollectionItem }) {
  const stageRef = useRef<HTMLDivElement>(null);
  const reducedMotion = useReducedMotion();
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const container = stageRef.current;
    if (!container || !item.owned) return;
    let handle: InspectHandle | null = null;
    let cancelled = false;
    const card = { character: item.character, set: item.set, background: item.background, isHolo: item.finish === "holo", isGlitch: item.finish === "glitch", isDarkHolo: item.finish === "darkHolo" };
    void inspectCard(container, toRevealCard(card, item.key), { reducedMotion, lowEffects: getLowEffects() }).then((h) => {
      if (cancelled) h.destroy();
      else {
        handle = h;
        setReady(true);
      }
    });
    return () => {
      cancelled = true;
      handle?.destroy();
    };
  }, [item, reducedMotion]);

  const set = setById(item.set);
  const background = item.background ? (backgroundById(item.background)?.name ?? item.background) : "None";
  return (
    <div className="inspector__body">
      <div ref={stageRef} className={`inspector__stage${item.owned ? "" : " is-missing"}${ready ? " is-ready" : ""}`} aria-hidden="true">
        {!item.owned && <CardArt card={item} className="is-missing" />}
      </div>
      <dl className="inspector__facts">
        <div>
          <dt>Rarity</dt>
          <dd>
            <RarityBadge tier={item.tier} />
          </dd>
        </div>
        <div>
          <dt>Points</dt>
          <dd className="inspector__points">{formatNumber(item.points)}</dd>
        </div>
        <div>
          <dt>Set</dt>
          <dd>{set.name}</dd>
        </div>
        <div>
          <dt>Finish</dt>
          <dd>{finishLabel(item.finish)}</dd>
        </div>
        <div>
          <dt>Background</dt>
          <dd>{background}</dd>
        </div>
        <div>
          <dt>Owned</dt>
          <dd>{item.owned ? `x${item.count}` : "Not yet collected"}</dd>
        </div>
      </dl>
      {/* Issue 48: wanted (owned or missing), and for owned cards how many copies to keep out of trading. */}
      <div className="inspector__trade">
        <WishButton key={item.key} kind={item} />
        {item.owned && <KeepControls key={item.key} kind={item} />}
      </div>
      {item.owned && <p className="inspector__hint">Move the pointer over the card, or tilt your phone, to catch the light.</p>}
      {item.owned && (
        <div className="inspector__share">
          <ShareButton card={item} />
        </div>
      )}
    </div>
  );
}
