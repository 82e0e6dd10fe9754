import { useEffect } from "react";
import { warmUpCardStage } from "../../effects/cardStage";
import { useReducedMotion } from "../../effects/useReducedMotion";
import { useLowEffects } from "../../lib/lowEffects";

/**
 * While the packs screen shows, the reveal's stage and shaders warm up in idle moments (issue 11:
 * the first frame follows the tap within 100 ms), for the player's current effect settings.
 */
export function useRevealWarmUp(): void {
  const reducedMotion = useReducedMotion();
  const [lowEffects] = useLowEffects();
  useEffect(() => warmUpCardStage({ reducedMotion, lowEffects }), [reducedMotion, lowEffects]);
}
