// The card as the effects see it: everything needed to draw it, already decided by the rules.

import { points as pointsOf, tierOf } from "../../../api/src/game/rarity.ts";
import { finishOf, type CardLike, type Finish, type Tier } from "../../../api/src/game/sets.ts";

export interface RevealCard {
  /** Stable and unique within one reveal (a card id, or index + identity). */
  key: string;
  character: string;
  set: number;
  /** Background id ("space"), or "" for none. */
  background: string;
  finish: Finish;
  tier: Tier;
  points: number;
  isNew: boolean;
}

/** Builds a RevealCard from a stored or pulled card with the game's own tier and points. */
export function toRevealCard(card: CardLike, key: string, isNew = false): RevealCard {
  return {
    key,
    character: card.character,
    set: card.set,
    background: card.background ?? "",
    finish: finishOf(card),
    tier: tierOf(card),
    points: pointsOf(card),
    isNew,
  };
}

/** SPEC.md section 4: reveals go highest points first; equal points keep their order. */
export function sortForReveal<T extends Pick<RevealCard, "points">>(cards: readonly T[]): T[] {
  return [...cards].sort((a, b) => b.points - a.points);
}
