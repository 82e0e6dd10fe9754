import { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import type { Tier } from "../../../api/src/game/sets.ts";
import { useSession } from "../lib/session";
import { installButtonClicks } from "./buttonClicks.ts";
import { getSoundBank, type PlayOptions } from "./soundBank.ts";
import type { EffectName } from "./soundPlan.ts";
import { AudioContext, type AudioControls } from "./useAudio.ts";

interface AudioProviderProps {
  children: ReactNode;
  /**
   * SPEC.md section 4: the music begins at start (issue 11: at the signed-in player's first
   * interaction, then after 1 s). Off for tests and the lab.
   */
  autoStartMusic?: boolean;
}

/**
 * Owns the page's sound bank and the two mute flags. The flags live in React state only:
 * SPEC.md section 3 says audio settings are not persisted, so every visit starts unmuted.
 * Sound exists only for a signed-in player (issue 11): the age gate and the login screens
 * download no audio at all, not even howler.
 */
export function AudioProvider({ children, autoStartMusic = true }: AudioProviderProps) {
  const [isMuted, setIsMuted] = useState(() => getSoundBank().muted);
  const [isMusicMuted, setIsMusicMuted] = useState(() => getSoundBank().musicMuted);

  const { isAuthenticated, checked } = useSession();
  // A stored session counts once the start-up check has confirmed it (or found the player offline).
  const signedIn = isAuthenticated && checked;
  useEffect(() => {
    getSoundBank().setSignedIn(signedIn);
  }, [signedIn]);

  // Every button press clicks (signed out the bank is silent and loads nothing).
  useEffect(() => installButtonClicks(document, () => getSoundBank().playClick()), []);

  useEffect(() => {
    // Idempotent: StrictMode's second mount finds the music already scheduled.
    if (autoStartMusic) getSoundBank().startMusic();
  }, [autoStartMusic]);

  // The bank holds the truth; React state mirrors it so the buttons re-render.
  const toggleMute = useCallback(() => {
    const bank = getSoundBank();
    bank.setMuted(!bank.muted);
    setIsMuted(bank.muted);
  }, []);

  const toggleMusic = useCallback(() => {
    const bank = getSoundBank();
    bank.setMusicMuted(!bank.musicMuted);
    setIsMusicMuted(bank.musicMuted);
  }, []);

  const play = useCallback((name: EffectName, options?: PlayOptions) => getSoundBank().play(name, options), []);
  const playRarity = useCallback((tier: Tier) => getSoundBank().playRarity(tier), []);
  const playClick = useCallback(() => getSoundBank().playClick(), []);

  const value = useMemo<AudioControls>(
    () => ({ isMuted, isMusicMuted, toggleMute, toggleMusic, play, playRarity, playClick }),
    [isMuted, isMusicMuted, toggleMute, toggleMusic, play, playRarity, playClick],
  );
  return <AudioContext value={value}>{children}</AudioContext>;
}
