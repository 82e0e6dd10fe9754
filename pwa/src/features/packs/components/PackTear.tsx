import { useRef, useState } from "react";
import { MSG } from "@contract/messages";
import type { CardSet } from "../../../../../api/src/game/sets";
import { PackArt } from "./PackArt";

/** How far a finger travels along the pack's top before it tears (px), as Pocket's swipe. */
const SWIPE_TEAR_PX = 36;
/** The rip plays over the first cards being dealt, then the pack is gone. */
export const TEAR_MS = 420;
/** Calm (reduced motion, Low effects): the pack fades, nothing flies. */
export const CALM_TEAR_MS = 180;

interface PackTearProps {
  set: CardSet;
  /** Packs opened at once (Open 10 shows one pack marked x10). */
  count: number;
  calm: boolean;
  /** The player tore it: the cards come out (called once, at once). */
  onTear: () => void;
}

/**
 * The pack itself, before the cards (issue 44): its own art, full width on a phone, torn open with
 * a swipe along its top or a tap (a tear sound and a short vibration where the device has one).
 * A button, so a keyboard or a screen reader tears it too; Skip still skips it.
 */
export function PackTear({ set, count, calm, onTear }: PackTearProps) {
  const [torn, setTorn] = useState(false);
  // Once, even when a swipe's move and the click after its release both ask before a re-render.
  const tornRef = useRef(false);
  const from = useRef<{ x: number; y: number } | null>(null);
  const tear = () => {
    if (tornRef.current) return;
    tornRef.current = true;
    setTorn(true);
    onTear();
  };
  return (
    <button
      type="button"
      className={`pack-tear${torn ? " is-torn" : ""}${calm ? " is-calm" : ""}`}
      aria-label={MSG.tearPack(set.name)}
      onClick={tear}
      onPointerDown={(e) => {
        from.current = { x: e.clientX, y: e.clientY };
      }}
      onPointerMove={(e) => {
        const start = from.current;
        if (start && Math.abs(e.clientX - start.x) > SWIPE_TEAR_PX && Math.abs(e.clientX - start.x) > Math.abs(e.clientY - start.y)) {
          from.current = null;
          tear();
        }
      }}
      onPointerUp={() => {
        from.current = null;
      }}
    >
      <span className="pack-tear__pack">
        {/* The same art twice: the strip above the tear line flies off, the body stays then drops. */}
        <span className="pack-tear__strip" aria-hidden="true">
          <PackArt set={set} />
        </span>
        <span className="pack-tear__body" aria-hidden="true">
          <PackArt set={set} />
        </span>
        <span className="pack-tear__line" aria-hidden="true" />
        {count > 1 && <span className="pack-tear__count" aria-hidden="true">x{count}</span>}
      </span>
      <span className="pack-tear__hint" aria-hidden="true">
        {MSG.tearHint}
      </span>
    </button>
  );
}
