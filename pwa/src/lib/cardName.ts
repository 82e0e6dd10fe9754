// How a card is named on screen and to screen readers, from the one set table.

import { characterName } from "../../../api/src/game/characterNames";
import { BACKGROUNDS, SETS, type CardLike } from "../../../api/src/game/sets";

/** 'Mirielle Sable': the card's own name (issue 44), the same for every finish and background. */
export function cardName(card: Pick<CardLike, "character" | "set">): string {
  return characterName(card.character);
}

/** 'Velvet Night #3': the card's set and its number in it (the character id otherwise). */
export function cardNumber(card: Pick<CardLike, "character" | "set">): string {
  const set = SETS.find((s) => s.id === card.set);
  const number = set ? set.characters.indexOf(card.character) + 1 : 0;
  return set && number > 0 ? `${set.name} #${number}` : card.character;
}

/** 'Mirielle Sable, Velvet Night #3': the name and where it sits in its set (labels, lists). */
export function fullCardName(card: Pick<CardLike, "character" | "set">): string {
  const number = cardNumber(card);
  const name = cardName(card);
  return name === number ? name : `${name}, ${number}`;
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
