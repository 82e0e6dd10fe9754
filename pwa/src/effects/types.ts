// The contract between the effects facade and its two renderers (PixiJS and the DOM fallback).

import type { RevealCard } from "./revealCard.ts";

export interface EffectOptions {
  /** prefers-reduced-motion: no flips, bursts or flashes; cards fade in; shaders hold still. */
  reducedMotion: boolean;
  /** The low-effects setting: cheaper shaders, fewer particles, 1x resolution, no idle animation. */
  lowEffects: boolean;
}

export interface RevealOptions extends EffectOptions {
  /** Card `index` has turned face up (also called for the rest on skip). */
  onCardRevealed?(index: number): void;
  /** The last card has settled (or the reveal was skipped): play the sound, show the buttons. */
  onDone(): void;
  /** A quick tap on the stage skips to the end (default true). */
  tapToSkip?: boolean;
  /** The timer (revealSchedule.ts): the quick pack pace by default, "classic" for the battle. */
  pace?: "pack" | "classic";
  /** Pack reveals: the best card (dealt first) turns last (revealSchedule.ts). */
  turnOrder?: "dealt" | "rarestLast";
  /**
   * Pack reveals (RULES.md, The reveal order): the best card, when it is worth it
   * (revealOrder.ts), shows a tinted back and waits for release() (a tap on the stage, or the
   * overlay's button) before it turns.
   */
  holdBest?: boolean;
  /** Card `index` is waiting for the player's tap (the other cards have started turning). */
  onHeld?(index: number): void;
}

export interface RevealHandle {
  /**
   * The cards (in reveal order), once the server has answered: until then the backs are dealt and
   * wait. They turn as soon as their art is in (or has waited a moment).
   */
  deliver(cards: readonly RevealCard[]): void;
  /**
   * Jump to the end state: every card face up, onDone called at once; before the cards are
   * delivered, as soon as they are.
   */
  skip(): void;
  /** Turns the card that waits for the player's tap (no-op when none waits). */
  release(): void;
  /** Tear down (the shared stage stays alive for the next scene). */
  destroy(): void;
}

export type InspectOptions = EffectOptions;

export interface InspectHandle {
  destroy(): void;
}
