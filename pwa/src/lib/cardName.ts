// How a card is named on screen and to screen readers, from the one set table.

import { SETS, type CardLike } from "../../../api/src/game/sets";

/** 'Velvet Night #3': the card's set and its number in it (the character id otherwise). */
export function cardName(card: Pick<CardLike, "character" | "set">): string {
  const set = SETS.find((s) => s.id === card.set);
  const number = set ? set.characters.indexOf(card.character) + 1 : 0;
  return set && number > 0 ? `${set.name} #${number}` : card.character;
}
