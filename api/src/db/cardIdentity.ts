import type { Card } from "../game/sets.ts";

// A card's identity (character, finish, background, set) as the cards, card_stacks and
// trade_wishes tables spell it, and back: one place for the column names.

export interface CardIdentityColumns {
  character: string;
  background: string;
  set: number;
  is_holo: boolean;
  is_glitch: boolean;
  is_dark_holo: boolean;
}

/** The identity columns of a card, for an insert or a where. */
export function cardIdentityColumns(card: Card): CardIdentityColumns {
  return { character: card.character, background: card.background, set: card.set, is_holo: card.isHolo, is_glitch: card.isGlitch, is_dark_holo: card.isDarkHolo };
}

/** A row's identity columns as a card (`set` as a number whatever the driver returned). */
export function cardOfRow(row: Record<string, any>): Card {
  return { character: row.character, background: row.background, set: Number(row.set), isHolo: row.is_holo, isGlitch: row.is_glitch, isDarkHolo: row.is_dark_holo };
}
