import type { CardDto } from "../contract/cards.ts";
import { tierOf } from "../game/rarity.ts";
import type { Card } from "../models/Card.ts";

/** A card as the model has it, or as the collection's JSON pages give it (the time as text). */
export type CardRow = Pick<Card, "id" | "userId" | "character" | "background" | "set" | "isHolo" | "isGlitch" | "isDarkHolo" | "points"> & { openedAt: Date | string };

export function presentCard(card: CardRow): CardDto {
  return {
    id: card.id,
    userId: card.userId,
    character: card.character,
    background: card.background,
    set: card.set,
    isHolo: card.isHolo,
    isGlitch: card.isGlitch,
    isDarkHolo: card.isDarkHolo,
    points: card.points,
    tier: tierOf(card),
    openedAt: new Date(card.openedAt).toISOString(),
  };
}
