// What to play and when, as plain data (SPEC.md section 9, "Audio"). Kept free of howler so the
// timings can be tested without any audio stack.

import type { Tier } from "../../../api/src/game/sets.ts";
import { SOUND_FORMATS, SOUND_NAMES, soundPath, type SoundName } from "../../../assets/scripts/artManifest.ts";

export { SOUND_NAMES, type SoundName };

/** Everything except the music loop: the sounds that count as "effects" for the sound mute. */
export type EffectName = Exclude<SoundName, "music-loop">;
export const EFFECT_NAMES = SOUND_NAMES.filter((n): n is EffectName => n !== "music-loop");

export const MUSIC_NAME = "music-loop" satisfies SoundName;
/** SPEC.md section 4: the music starts at volume 0.3 about 1 s after start-up. */
export const MUSIC_VOLUME = 0.3;
export const MUSIC_START_DELAY_MS = 1000;

/**
 * Default volume of each effect. SPEC.md fixes coin 0.8, reward 0.9, weekly reward 1 and
 * purchase 0.5; the others are ours: the click sits under everything (it plays on every press)
 * and the rarity stingers play at full volume.
 */
export const EFFECT_VOLUMES: Readonly<Record<EffectName, number>> = {
  click: 0.4,
  coin: 0.8,
  reward: 0.9,
  "weekly-reward": 1,
  purchase: 0.5,
  tear: 0.7,
  common: 1,
  uncommon: 1,
  rare: 1,
  epic: 1,
  legendary: 1,
  mythic: 1,
};

/** SPEC.md section 9: 5 pooled click players, 10 when Web Audio is missing (html5 fallback). */
export const CLICK_POOL_SIZE = 5;
export const CLICK_POOL_SIZE_FALLBACK = 10;

/** One scheduled play: `at` ms after the call. */
export interface ScheduledSound {
  at: number;
  name: EffectName;
  volume: number;
  rate: number;
}

const TIER_SOUND: Readonly<Record<Tier, EffectName>> = {
  Common: "common",
  Uncommon: "uncommon",
  Rare: "rare",
  Epic: "epic",
  Legendary: "legendary",
  Mythic: "mythic",
};

/**
 * The sounds of a pack whose best card has this tier (SPEC.md section 9):
 * - Common..Epic: the tier's own sound.
 * - Legendary: its sound plus an extra at 800 ms (the reward chime: a "you won something" tail).
 * - Mythic: the legendary sound at rate 0.9, then extras at 600 ms (the mythic sound, volume 1,
 *   rate 0.95) and 1200 ms (the reward chime, volume 0.8, rate 1.1).
 */
export function raritySoundPlan(tier: Tier): ScheduledSound[] {
  switch (tier) {
    case "Mythic":
      return [
        { at: 0, name: "legendary", volume: 1, rate: 0.9 },
        { at: 600, name: "mythic", volume: 1, rate: 0.95 },
        { at: 1200, name: "reward", volume: 0.8, rate: 1.1 },
      ];
    case "Legendary":
      return [
        { at: 0, name: "legendary", volume: EFFECT_VOLUMES.legendary, rate: 1 },
        { at: 800, name: "reward", volume: EFFECT_VOLUMES.reward, rate: 1 },
      ];
    default: {
      const name = TIER_SOUND[tier];
      return [{ at: 0, name, volume: EFFECT_VOLUMES[name], rate: 1 }];
    }
  }
}

/**
 * Served URLs of a sound, in the order howler tries them: Opus, then MP3 for browsers without
 * Ogg Opus (["/sounds/coin.opus", "/sounds/coin.mp3"]). Howler reads the format off the extension.
 */
export function soundSources(name: SoundName): string[] {
  return SOUND_FORMATS.map((format) => soundPath(name, format));
}
