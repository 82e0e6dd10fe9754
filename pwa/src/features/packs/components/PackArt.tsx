import { useState } from "react";
import { packImage } from "../../../effects/cardImages";
import type { CardSet } from "../../../../../api/src/game/sets";
import { PACK_ART_SIZE } from "../../../../../assets/scripts/artManifest";

/** The pack's artwork, or (SPEC.md section 8) a gradient with the set's name when it fails. */
export function PackArt({ set }: { set: CardSet }) {
  const [failed, setFailed] = useState(false);
  const { url, gradient } = packImage(set.id);
  if (failed) {
    return (
      <span className="pack-art pack-art--fallback" style={{ background: gradient }} aria-hidden="true">
        <span className="pack-art__fallback-set">Set {set.id}</span>
        <span className="pack-art__fallback-name">{set.name}</span>
      </span>
    );
  }
  return (
    <img
      className="pack-art"
      src={url}
      alt=""
      width={PACK_ART_SIZE.width}
      height={PACK_ART_SIZE.height}
      decoding="async"
      draggable={false}
      onError={() => setFailed(true)}
      style={{ background: gradient }}
    />
  );
}
