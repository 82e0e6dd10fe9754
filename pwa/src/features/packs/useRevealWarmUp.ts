import { useEffect, useState } from "react";
import type { PulledCardDto } from "@contract/cards";
import { CARDS_PER_PACK } from "../../../../api/src/game/sets";
import { getSoundBank } from "../../audio/soundBank";
import { warmUpCardStage } from "../../effects/cardStage";
import { useReducedMotion } from "../../effects/useReducedMotion";
import { afterNextFrame } from "../../lib/afterNextFrame";
import { quietIdle } from "../../lib/quietIdle";
import { useLowEffects } from "../../lib/lowEffects";
import type { PackReveal } from "./hooks";
import { PACK_SETS } from "./packRules";

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

/** The pack the rehearsal shows: the first set's, its cards not in yet (as at a tap), then in (as after Skip). */
const SAMPLE_SET = PACK_SETS[0]!;
const SAMPLE_CARD: PulledCardDto = {
  id: 0,
  userId: 0,
  character: SAMPLE_SET.characters[0]!,
  background: "",
  set: SAMPLE_SET.id,
  isHolo: false,
  isGlitch: false,
  isDarkHolo: false,
  points: 1,
  tier: "Common",
  openedAt: "",
  isNew: false,
};
const SAMPLE_REVEALS: Record<RehearsalPhase, PackReveal> = {
  deal: { id: 0, set: SAMPLE_SET, count: 1, cards: null },
  done: { id: 0, set: SAMPLE_SET, count: 1, cards: Array(CARDS_PER_PACK).fill(SAMPLE_CARD), pulls: [{ serverSeedHash: "", clientSeed: "", nonce: 0 }] },
};

/**
 * The overlay's rehearsal, once per page load, in an idle moment while the packs screen shows:
 * "deal" for two frames, then "done" for two, then null; with the sample pack to draw. The
 * reveal's overlay is then drawn unseen in both states (PackRevealOverlay's rehearsal). The first
 * pack of a visit used to run the overlay's code and style, lay out and paint it for the first time
 * inside the tap (in traces at 4x CPU: 14-28 ms of compiling alone, and the tap's frame about twice
 * the next packs'); the first Skip did the same for the buttons.
 */
export function useRevealRehearsal(): { phase: RehearsalPhase; reveal: PackReveal } | null {
  const [phase, setPhase] = useState<RehearsalPhase | null>(null);
  useEffect(() => {
    if (rehearsed) return;
    const controller = new AbortController();
    let cancelFrame = () => {};
    // Each phase is drawn once (styled, laid out, painted) before the next comes.
    const showInTurn = ([next, ...later]: Array<RehearsalPhase | null>) => {
      cancelFrame = afterNextFrame(() => {
        cancelFrame = afterNextFrame(() => {
          setPhase(next ?? null);
          if (later.length) showInTurn(later);
        });
      });
    };
    // After the warm-up's first step, which waits for the same kind of moment.
    void quietIdle(controller.signal)
      .then(() => quietIdle(controller.signal))
      .then(() => {
        rehearsed = true;
        setPhase("deal");
        showInTurn(["done", null]);
      }, () => {});
    return () => {
      controller.abort();
      cancelFrame();
    };
  }, []);
  return phase && { phase, reveal: SAMPLE_REVEALS[phase] };
}
