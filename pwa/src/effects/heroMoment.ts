// The hero moment (issue 44): the best card of a pack worth it flies to the middle of the stage,
// large, as it turns, stays there a moment for the player to take in (and tilt), then goes back
// to its place. Pure timing and geometry, shared by the PixiJS scene and the DOM reveal.

/** Rising to the middle, from the start of the card's turn. */
export const HERO_IN_MS = 380;
/** From the start of its turn until it goes back (a tap sends it back sooner). */
export const HERO_MS = 2200;
/** Going back to its place. */
export const HERO_OUT_MS = 420;
/** The largest share of the stage the hero takes, and the largest zoom. */
const HERO_SHARE = 0.86;
const MAX_ZOOM = 3.2;

const easeOutCubic = (x: number) => 1 - Math.pow(1 - x, 3);
const easeInOutCubic = (x: number) => (x < 0.5 ? 4 * x * x * x : 1 - Math.pow(-2 * x + 2, 3) / 2);

/** 0 in its slot, 1 large in the middle: where the hero is at time t (ms on the schedule's clock). */
export function heroBlend(t: number, start: number, end: number): number {
  if (!Number.isFinite(start) || t <= start) return 0;
  if (t < end) return easeOutCubic(Math.min(1, (t - start) / HERO_IN_MS));
  const from = easeOutCubic(Math.min(1, (end - start) / HERO_IN_MS));
  return from * (1 - easeInOutCubic(Math.min(1, (t - end) / HERO_OUT_MS)));
}

/** The banner naming the card ('MYTHIC - DARK HOLO') over the stage's top: the hero stays below it. */
const BANNER_ROOM_PX = 48;
/** The hero's badges beyond its card, as shares of its height: the gem above, the pill below. */
const GEM_ABOVE = 0.07;
const PILL_BELOW = 0.12;

/**
 * How much the card grows: as large as the stage allows (inspector size), never smaller. Centred
 * in the stage, its gem stays under the banner and its points above the stage's bottom.
 */
export function heroZoom(slot: { width: number; height: number }, stage: { width: number; height: number }): number {
  if (slot.width <= 0 || slot.height <= 0) return 1;
  const half = stage.height / 2;
  const tallest = Math.min(stage.height * HERO_SHARE, (half - BANNER_ROOM_PX) / (0.5 + GEM_ABOVE), half / (0.5 + PILL_BELOW));
  return Math.max(1, Math.min(MAX_ZOOM, (stage.width * HERO_SHARE) / slot.width, tallest / slot.height));
}
