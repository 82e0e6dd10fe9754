// When each card of a reveal turns face up (SPEC.md section 4, "Opening a pack"): one card at
// about 0.2 s, the second 0.4 s later, the third 0.8 s after that. Shared by the PixiJS scene
// and the DOM fallback so both keep the same rhythm.

/** Gaps before the 1st, 2nd and 3rd card: 0.2 s, +0.4 s, +0.8 s (SPEC.md). */
export const REVEAL_GAPS_MS = [200, 400, 800] as const;
/** Multi-pack reveals (more than 3 cards): each further card follows quickly. Our choice. */
export const EXTRA_CARD_GAP_MS = 180;
/** A flip takes this long; the face shows at its midpoint. */
export const FLIP_MS = 640;
/** Reduced motion: a calm fade instead of the flip. */
export const FADE_MS = 450;

export interface RevealSchedule {
  /** When card i starts turning (ms after the reveal starts). */
  startAt: number[];
  /** When card i's face becomes visible: onCardRevealed(i) and its tier burst happen here. */
  revealAt: number[];
  /** Length of one card's flip or fade. */
  animationMs: number;
  /** When the last card has settled: onDone. */
  doneAt: number;
}

export function revealSchedule(count: number, reducedMotion: boolean): RevealSchedule {
  const animationMs = reducedMotion ? FADE_MS : FLIP_MS;
  const startAt: number[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    at += REVEAL_GAPS_MS[i] ?? EXTRA_CARD_GAP_MS;
    startAt.push(at);
  }
  // A flip shows the face half-way through; a fade is "revealed" as soon as it starts.
  const faceDelay = reducedMotion ? 0 : Math.round(animationMs / 2);
  const revealAt = startAt.map((t) => t + faceDelay);
  const doneAt = count === 0 ? 0 : (startAt[count - 1] ?? 0) + animationMs;
  return { startAt, revealAt, animationMs, doneAt };
}
