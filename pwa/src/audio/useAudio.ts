import { createContext, useContext } from "react";
import type { Tier } from "../../../api/src/game/sets.ts";
import { getSoundBank, type PlayOptions } from "./soundBank.ts";
import type { EffectName } from "./soundPlan.ts";

/** What the header's mute buttons, the shared Button and the game screens need from audio. */
export interface AudioControls {
  isMuted: boolean;
  isMusicMuted: boolean;
  toggleMute(): void;
  toggleMusic(): void;
  play(name: EffectName, options?: PlayOptions): void;
  playRarity(tier: Tier): void;
  playClick(): void;
}

const noop = () => undefined;

/** Outside an AudioProvider (tests, the effects lab) everything is silent rather than throwing. */
const SILENT: AudioControls = {
  isMuted: false,
  isMusicMuted: false,
  toggleMute: noop,
  toggleMusic: noop,
  play: noop,
  playRarity: noop,
  playClick: noop,
};

export const AudioContext = createContext<AudioControls>(SILENT);

export function useAudio(): AudioControls {
  return useContext(AudioContext);
}

/**
 * Plays an effect from anywhere, React or not (e.g. the coin sound when a battle is won):
 * playSound("coin"). Respects the sound mute; volumes default to SPEC.md section 9's.
 */
export function playSound(name: EffectName, options?: PlayOptions): void {
  getSoundBank().play(name, options);
}
