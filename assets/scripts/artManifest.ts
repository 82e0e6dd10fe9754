/**
 * The files generate-art.ts produces, by served path (a file generated at
 * assets/generated/cards/velvetnight1.webp is served at /cards/velvetnight1.webp; an operator
 * overrides it by dropping a file with the same name in assets/public). Pure data: safe to
 * import from the API and the PWA.
 */
import { ART_BACKGROUNDS, ART_SETS, characterIds } from "./lib/sets.ts";

export { ART_BACKGROUNDS, ART_SETS } from "./lib/sets.ts";
export type { ArtSet, BackgroundSlug } from "./lib/sets.ts";

/** Card portraits and backgrounds share the card ratio 5:7. */
export const CARD_ART_SIZE = { width: 400, height: 560 } as const;
export const PACK_ART_SIZE = { width: 400, height: 600 } as const;

/** Served path of a character's portrait, e.g. "/cards/velvetnight1_holo.webp". */
export function cardArtPath(character: string, holo: boolean): string {
  return `/cards/${character}${holo ? "_holo" : ""}.webp`;
}

/**
 * The same portrait at twice the size (800 x 1120), for big cards on dense screens (issue 13: art
 * looked soft at 3x). Offline copies are of the 1x files; a 2x file that cannot load falls back
 * to its 1x file.
 */
export function cardArtPath2x(character: string, holo: boolean): string {
  return cardArtPath(character, holo).replace(/\.webp$/, "@2x.webp");
}

/** Served path of a background by the id cards store ("neonblocks"), or its display name. */
export function backgroundArtPath(idOrName: string): string {
  const id = idOrName.trim().toLowerCase().replace(/\s+/g, "");
  return `/backgrounds/${id}.webp`;
}

/** Served path of a set's pack artwork (sets 1..7). */
export function packArtPath(set: number): string {
  return `/packs/set${set}.webp`;
}

export const CHARACTERS: readonly string[] = ART_SETS.flatMap(characterIds);

export const CARD_FILES: readonly string[] = CHARACTERS.flatMap((c) => [
  cardArtPath(c, false).slice(1),
  cardArtPath(c, true).slice(1),
]);
export const CARD_FILES_2X: readonly string[] = CHARACTERS.flatMap((c) => [cardArtPath2x(c, false).slice(1), cardArtPath2x(c, true).slice(1)]);
export const BACKGROUND_FILES: readonly string[] = ART_BACKGROUNDS.map((b) => backgroundArtPath(b.slug).slice(1));
export const PACK_FILES: readonly string[] = ART_SETS.map((s) => packArtPath(s.number).slice(1));

/** Every file generate-art.ts writes, relative to assets/generated (no leading slash). */
export const ART_FILES: readonly string[] = [...CARD_FILES, ...CARD_FILES_2X, ...BACKGROUND_FILES, ...PACK_FILES];

/** Sound names (SPEC: effects per action, one per rarity tier, and the background music). */
export const SOUND_NAMES = [
  "click",
  "coin",
  "reward",
  "weekly-reward",
  "purchase",
  "tear",
  "common",
  "uncommon",
  "rare",
  "epic",
  "legendary",
  "mythic",
  "music-loop",
] as const;
export type SoundName = (typeof SOUND_NAMES)[number];

/**
 * Sound formats in the order a browser should try them: Opus (in Ogg, the smallest) and MP3 for
 * browsers without Ogg Opus (older Safari). Each sound is written in both.
 */
export const SOUND_FORMATS = ["opus", "mp3"] as const;
export type SoundFormat = (typeof SOUND_FORMATS)[number];

/** Served path of a sound in one format, e.g. "/sounds/coin.opus". */
export function soundPath(name: SoundName | string, format: SoundFormat): string {
  return `/sounds/${name}.${format}`;
}

/** Every file generate-sounds.ts writes, relative to assets/generated. */
export const SOUND_FILES: readonly string[] = SOUND_NAMES.flatMap((n) => SOUND_FORMATS.map((f) => soundPath(n, f).slice(1)));

/** Icons and logo written by generate-icons.ts, relative to assets/generated. */
export const ICON_FILES: readonly string[] = [
  "icons/icon-192.png",
  "icons/icon-512.png",
  "icons/icon-maskable-512.png",
  "icons/apple-touch-icon-180.png",
  "icons/favicon-32.png",
  "icons/shortcut-packs-96.png",
  "icons/shortcut-collection-96.png",
  "logo.svg",
];

/** The web manifest's shortcut icons (written by generate-icons.ts), by served path. */
export const SHORTCUT_ICONS = { packs: "/icons/shortcut-packs-96.png", collection: "/icons/shortcut-collection-96.png", size: 96 } as const;

/**
 * The web manifest's screenshots (generate-screenshots.ts): the packs screen as a phone and as a
 * desktop show it, composed from the generated pack art. The manifest declares these sizes, and
 * the generator draws exactly them: one place for both.
 */
export const SCREENSHOTS = [
  { file: "screenshots/packs-narrow.png", width: 780, height: 1688, formFactor: "narrow", label: "Card packs on a phone: seven foil packs to open" },
  { file: "screenshots/packs-wide.png", width: 1440, height: 900, formFactor: "wide", label: "Card packs on a desktop: seven foil packs to open" },
] as const;
export const SCREENSHOT_FILES: readonly string[] = SCREENSHOTS.map((s) => s.file);

/** Everything `npm run assets` generates. */
export const GENERATED_FILES: readonly string[] = [...ICON_FILES, ...ART_FILES, ...SOUND_FILES, ...SCREENSHOT_FILES];
