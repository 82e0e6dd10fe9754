/**
 * The seven card sets and ten backgrounds as the art generator sees them, derived from the
 * game's one set table (api/src/game/sets.ts) so a character or background added there gets
 * its art here. Pure data, no Node imports: the PWA and the API may import it.
 */
import { BACKGROUNDS, SETS } from "../../../api/src/game/sets.ts";

export interface ArtSet {
  /** 1..7 */
  number: number;
  name: string;
  /** Character id prefix: `${prefix}${n}`. */
  prefix: string;
  characters: number;
}

export const ART_SETS: readonly ArtSet[] = SETS.map((set) => ({
  number: set.id,
  name: set.name,
  prefix: set.characters[0]!.replace(/\d+$/, ""),
  characters: set.characters.length,
}));

/** Background display names and the slug of their image: the id cards store. */
export const ART_BACKGROUNDS = BACKGROUNDS.map((b) => ({ name: b.name, slug: b.id }));

export type BackgroundSlug = (typeof BACKGROUNDS)[number]["id"];

export function characterIds(set: ArtSet): string[] {
  return Array.from({ length: set.characters }, (_, i) => `${set.prefix}${i + 1}`);
}
