import { useEffect } from "react";
import { getSoundBank } from "../../audio/soundBank";
import { warmUpCardStage } from "../../effects/cardStage";
import { useReducedMotion } from "../../effects/useReducedMotion";
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
