// The contract between the effects facade and its two renderers (PixiJS and the DOM fallback).

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
}

export interface RevealHandle {
  /** Jump to the end state at once: every card face up, onDone called. */
  skip(): void;
  /** Tear down (the shared stage stays alive for the next scene). */
  destroy(): void;
}

export type InspectOptions = EffectOptions;

export interface InspectHandle {
  destroy(): void;
}
