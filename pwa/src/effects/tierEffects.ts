// How loudly each tier celebrates its reveal, as data. Rare and above glow and burst; Epic more;
// Legendary in gold with light rays and a soft full-stage glow; Mythic a big prismatic burst, rays
// and the glow in prismatic light.
// Reduced motion drops every burst, ray spin and flash; low effects thins the particles out.

import { TIERS, type Tier } from "../../../api/src/game/sets.ts";

export interface TierEffect {
  /** Particles in the reveal burst. */
  particles: number;
  /** Particle colours (0xRRGGBB); "prismatic" cycles the rainbow. */
  palette: readonly number[] | "prismatic";
  /** Expanding shock rings at the reveal. */
  rings: number;
  /** Light rays turning slowly behind the card. */
  rays: boolean;
  /** A full-stage flash. */
  flash: boolean;
  /** Alpha of the soft halo behind the card once revealed (0 = none). */
  glow: number;
  /** Pixels of stage shake at the reveal. */
  shake: number;
}

const NONE: TierEffect = { particles: 0, palette: [], rings: 0, rays: false, flash: false, glow: 0, shake: 0 };

const EFFECTS: Readonly<Record<Tier, TierEffect>> = {
  Common: NONE,
  Uncommon: { ...NONE, particles: 10, palette: [0x34d399, 0xa7f3d0], rings: 1, glow: 0.18 },
  Rare: { ...NONE, particles: 28, palette: [0x38bdf8, 0xbae6fd, 0xffffff], rings: 1, glow: 0.45 },
  Epic: { ...NONE, particles: 56, palette: [0xa78bfa, 0xd946ef, 0xe9d5ff, 0xffffff], rings: 2, glow: 0.6 },
  Legendary: {
    particles: 110,
    palette: [0xf5c451, 0xffe08a, 0xfff6d0, 0xffb020],
    rings: 2,
    rays: true,
    flash: true,
    glow: 0.8,
    shake: 3,
  },
  Mythic: { particles: 180, palette: "prismatic", rings: 3, rays: true, flash: true, glow: 0.9, shake: 7 },
};

export interface EffectSettings {
  reducedMotion: boolean;
  lowEffects: boolean;
}

export function tierEffect(tier: Tier, settings: EffectSettings): TierEffect {
  const base = EFFECTS[tier];
  if (settings.reducedMotion) {
    // Calm: the halo stays (it does not move); nothing bursts, spins, flashes or shakes.
    return { ...NONE, glow: base.glow, rays: false };
  }
  if (settings.lowEffects) {
    return { ...base, particles: Math.round(base.particles * 0.35), rings: Math.min(base.rings, 1), shake: 0 };
  }
  return base;
}

/** From this tier up a card gets its moment of suspense before it turns. */
const SUSPENSE_FROM: Tier = "Rare";

/**
 * The card whose back glows in its tier's colour while it waits to turn: the rarest of the pack,
 * when it is Rare or better (the first such card on a tie). A short moment, not a wait: the
 * schedule does not change for it. Null under reduced motion (a pulsing glow is motion).
 */
export function suspenseIndex(cards: readonly { tier: Tier }[], settings: EffectSettings): number | null {
  if (settings.reducedMotion || cards.length === 0) return null;
  let best = 0;
  cards.forEach((card, i) => {
    if (TIERS.indexOf(card.tier) > TIERS.indexOf(cards[best]!.tier)) best = i;
  });
  return TIERS.indexOf(cards[best]!.tier) >= TIERS.indexOf(SUSPENSE_FROM) ? best : null;
}
