// How a card is named on screen and to screen readers, from the one set table.

import { BACKGROUNDS, SETS, type CardLike } from "../../../api/src/game/sets";

/** 'Velvet Night #3': the card's set and its number in it (the character id otherwise). */
export function cardName(card: Pick<CardLike, "character" | "set">): string {
  const set = SETS.find((s) => s.id === card.set);
  const number = set ? set.characters.indexOf(card.character) + 1 : 0;
  return set && number > 0 ? `${set.name} #${number}` : card.character;
}

/** A set's display name ('Velvet Night'). */
export const setName = (id: number): string => SETS.find((s) => s.id === id)?.name ?? `Set ${id}`;

/** A background's display name ('Dark Void'); 'No background' for none. */
export function backgroundName(id: string): string {
  if (!id) return "No background";
  return BACKGROUNDS.find((b) => b.id === id)?.name ?? id;
}

/**
 * The words that tell two cards of one character apart after the name: the background, when the
 * card has one ('Space background'). Issue 13: two tiles read "Velvet Night #2, Glitch, Rare" twice.
 */
export function backgroundPhrase(background: string): string {
  return background ? `${backgroundName(background)} background` : "";
}
