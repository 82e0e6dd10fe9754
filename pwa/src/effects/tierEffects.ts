// How loudly each tier celebrates its reveal, as data. Rare and above glow and burst; Epic more;
// Legendary in gold with light rays and a soft full-stage glow; Mythic a big prismatic burst, rays
// and the glow in prismatic light.
// Reduced motion drops every burst, ray spin and flash; low effects thins the particles out.

import { TIERS, type Finish, type Tier } from "../../../api/src/game/sets.ts";

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

/**
 * A finish's own celebration (issue 44: by value and finish, not tier alone): a 1% dark holo
 * bursts in black-and-gold sparkle whatever its tier, a glitch in cyan and magenta, a holo in
 * rainbow. The card's burst is the stronger of its tier's and its finish's.
 */
const FINISH_EFFECTS: Readonly<Record<Finish, TierEffect>> = {
  regular: NONE,
  holo: { ...NONE, particles: 36, palette: "prismatic", rings: 1, glow: 0.45 },
  glitch: { ...NONE, particles: 70, palette: [0x22d3ee, 0xf0abfc, 0xff2e63, 0xffffff], rings: 2, glow: 0.6, shake: 4 },
  darkHolo: { ...NONE, particles: 120, palette: [0xf5c451, 0xfff1b8, 0xffffff, 0xb8860b], rings: 2, rays: true, glow: 0.85, shake: 3 },
};

/** The celebration of one card: its tier's, raised to its finish's where that is stronger. */
export function cardEffect(card: { tier: Tier; finish: Finish }, settings: EffectSettings): TierEffect {
  const tier = tierEffect(card.tier, settings);
  const finish = FINISH_EFFECTS[card.finish];
  if (settings.reducedMotion || finish.particles <= EFFECTS[card.tier].particles) return tier;
  const low = settings.lowEffects;
  return {
    ...tier,
    particles: Math.round(finish.particles * (low ? 0.35 : 1)),
    palette: finish.palette,
    rings: Math.max(tier.rings, low ? Math.min(1, finish.rings) : finish.rings),
    rays: tier.rays || finish.rays,
    glow: Math.max(tier.glow, finish.glow),
    shake: low ? 0 : Math.max(tier.shake, finish.shake),
  };
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
