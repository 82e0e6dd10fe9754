import { useEffect, useState } from "react";
import { getSoundBank } from "../../audio/soundBank";
import { warmUpCardStage } from "../../effects/cardStage";
import { useReducedMotion } from "../../effects/useReducedMotion";
import { afterNextFrame } from "../../lib/afterNextFrame";
import { quietIdle } from "../../lib/quietIdle";
import { useLowEffects } from "../../lib/lowEffects";

/**
 * While the packs screen shows, the reveal's stage and shaders warm up in idle moments (issue 11:
 * the first frame follows the tap within 100 ms), for the player's current effect settings; so do
 * the sounds, the reveal's fanfare among them. Left to the first touch, which on a phone is often
 * the pack's tap, building them (the AudioContext, each sound's request) fell inside that first
 * reveal: tasks of 100-200 ms at 4x CPU, frames of 200-330 ms.
 */
export function useRevealWarmUp(): void {
  const reducedMotion = useReducedMotion();
  const [lowEffects] = useLowEffects();
  useEffect(() => warmUpCardStage({ reducedMotion, lowEffects }), [reducedMotion, lowEffects]);
  useEffect(() => {
    const controller = new AbortController();
    quietIdle(controller.signal).then(() => void getSoundBank().load(), () => {});
    return () => controller.abort();
  }, []);
}

let rehearsed = false;

/** What the overlay's rehearsal draws: the tap's first frame (backs not in yet), then Skip's (the buttons). */
export type RehearsalPhase = "deal" | "done";

/**
 * The overlay's rehearsal, once per page load, in an idle moment while the packs screen shows:
 * "deal" for two frames, then "done" for two, then null. The reveal's overlay is then drawn unseen
 * in both states (PackRevealOverlay's rehearsal). The first pack of a visit used to run the
 * overlay's code and style, lay out and paint it for the first time inside the tap (in traces at
 * 4x CPU: 14-28 ms of compiling alone, and the tap's frame about twice the next packs'); the first
 * Skip did the same for the buttons.
 */
export function useRevealRehearsal(): RehearsalPhase | null {
  const [phase, setPhase] = useState<RehearsalPhase | null>(null);
  useEffect(() => {
    if (rehearsed) return;
    const controller = new AbortController();
    let cancelFrame = () => {};
    // Each phase is drawn once (styled, laid out, painted) before the next.
    const after = (next: RehearsalPhase | null, then?: () => void) =>
      (cancelFrame = afterNextFrame(() => (cancelFrame = afterNextFrame(() => (setPhase(next), then?.())))));
    // After the warm-up's first step, which waits for the same kind of moment.
    void quietIdle(controller.signal)
      .then(() => quietIdle(controller.signal))
      .then(() => {
        rehearsed = true;
        setPhase("deal");
        after("done", () => after(null));
      }, () => {});
    return () => {
      controller.abort();
      cancelFrame();
    };
  }, []);
  return phase;
}
