// Every character's name (issue 44: every card was 'Velvet Night #1'). Generated, not typed in:
// a seeded pick of a first name and a surname in each set's mood, the same on every run, and
// unique across the game. The art script prints the name on the card's plate;
// the API and the PWA show it wherever a card is named. Stylised, non-explicit.

import { SETS } from "./sets.ts";

/** Per set: first names and surnames in its mood; each character draws one of each. */
const MOODS: Readonly<Record<number, { first: string[]; surnames: string[] }>> = {
  1: { first: ["Selene", "Noctura", "Mirielle", "Rosalind", "Cassia", "Lyra", "Vesper", "Odette"], surnames: ["Vey", "Noir", "Lune", "Sable", "Duskwood", "Marrow"] },
  2: { first: ["Haruka", "Mizuki", "Yuna", "Suzu", "Kei", "Rin", "Aoi", "Hana", "Mio", "Sora", "Nami", "Chiyo"], surnames: ["Steam", "Cedar", "Mist", "Tide", "Lantern", "Pebble", "Brook"] },
  3: { first: ["Freya", "Astrid", "Ingrid", "Sigrid", "Elsa", "Kaia", "Liv", "Saga", "Runa", "Tove", "Maren", "Ylva", "Solveig", "Hedda", "Idun", "Nora"], surnames: ["Frost", "Winterbourne", "Icefern", "Hollowpine", "Snowmere", "Aurora"] },
  4: { first: ["Dakota", "Loretta", "Maggie", "Sadie", "Josie", "Reba", "Clementine"], surnames: ["Colt", "Sage", "Dustwell", "Laredo", "Mesa"] },
  5: { first: ["Coco", "Amara", "Lulu", "Daisy", "Bella", "Pippa", "Rosie", "Mimi", "Tess", "Goldie", "Poppy", "Wren", "Ivy", "Mabel", "Hazel", "Juno", "Clara", "Fern", "Olive", "Peach"], surnames: ["Pillow", "Velour", "Honey", "Satin", "Linen", "Morrow", "Drowse"] },
  6: { first: ["Marina", "Coral", "Naiad", "Ondine", "Pearl", "Sirena", "Nerissa", "Delphine"], surnames: ["Lagoon", "Reef", "Shallows", "Azure", "Seaglass"] },
  7: { first: ["Finna", "Riva", "Mako", "Tora", "Zelda", "Kaimana", "Nerys"], surnames: ["Sharpe", "Undertow", "Bitewell", "Razorfin", "Deepwater"] },
};

function seeded(seed: string): () => number {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507) ^ Math.imul(h ^ (h >>> 13), 3266489909);
    return ((h ^= h >>> 16) >>> 0) / 4294967296;
  };
}

function makeNames(): ReadonlyMap<string, string> {
  const names = new Map<string, string>();
  const used = new Set<string>();
  for (const set of SETS) {
    const mood = MOODS[set.id]!;
    const firstLeft = [...mood.first];
    for (const character of set.characters) {
      const next = seeded(`name:${character}`);
      // A first name once per set; the surname free, and drawn again on a clash.
      const first = firstLeft.splice(Math.floor(next() * firstLeft.length), 1)[0]!;
      let name = "";
      for (let attempt = 0; attempt < 50 && (!name || used.has(name)); attempt++) name = `${first} ${mood.surnames[Math.floor(next() * mood.surnames.length)]!}`;
      used.add(name);
      names.set(character, name);
    }
  }
  return names;
}

const NAMES = makeNames();

/** 'Selene Vey': the character's name; the id itself for an unknown character. */
export function characterName(character: string): string {
  return NAMES.get(character) ?? character;
}
