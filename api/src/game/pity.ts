// RULES.md, Pity: a visible guarantee. The counter per player and set, and when it pays out.
import { tierOf } from "./rarity.ts";
import type { Card } from "./sets.ts";

export const isLegendaryOrBetter = (card: Card) => {
  const tier = tierOf(card);
  return tier === "Legendary" || tier === "Mythic";
};

/** RULES.md, Pity: the counter value at which a pack is guaranteed one. */
export const PITY_PACKS = 40;

/** Whether the next pack is guaranteed, given the packs opened since the last Legendary or better. */
export const pityDue = (packsSinceLegendary: number): boolean => packsSinceLegendary + 1 >= PITY_PACKS;

/** The counter after a pack: back to 0 on any Legendary or Mythic of the set, else one more. */
export const nextPityCount = (packsSinceLegendary: number, cards: readonly Card[]): number =>
  cards.some(isLegendaryOrBetter) ? 0 : packsSinceLegendary + 1;
