// Which card of a reveal is the best, and whether it waits for the player's tap (RULES.md, The
// reveal order). Pure: shared by the PixiJS scene, the DOM reveal and the overlay.

import { TIERS, type Finish, type Tier } from "../../../api/src/game/sets.ts";
import { tierColor } from "./tiers.ts";

/** From this tier up the best card waits for a tap, Hearthstone's tell. */
export const HOLD_FROM_TIER: Tier = "Epic";

/** Finishes rare enough to hold a card whatever its tier: glitch (5%) and dark holo (1%). Holo (4%,
 * often on commons) would hold one pack in five and the wait would stop meaning anything. */
export function isRareFinish(finish: Finish): boolean {
  return finish === "glitch" || finish === "darkHolo";
}

/** The most valuable card (points, finish included); the first on a tie. -1 for none. */
export function bestCardIndex(cards: readonly { points: number }[]): number {
  let best = -1;
  cards.forEach((card, i) => {
    if (best < 0 || card.points > cards[best]!.points) best = i;
  });
  return best;
}

/** A card whose turn is worth the player's own tap. */
export function worthHolding(card: { tier: Tier; finish: Finish }): boolean {
  return TIERS.indexOf(card.tier) >= TIERS.indexOf(HOLD_FROM_TIER) || isRareFinish(card.finish);
}

/** The card that waits for the tap: the best one when it is worth it, else null. */
export function heldCardIndex(cards: readonly { points: number; tier: Tier; finish: Finish }[]): number | null {
  const best = bestCardIndex(cards);
  return best >= 0 && worthHolding(cards[best]!) ? best : null;
}

const FINISH_TELLS: Partial<Record<Finish, string>> = { darkHolo: "#f5c451", glitch: "#22d3ee" };

/** The colour a waiting card's back glows in: its tier's from Epic up, else its rare finish's. */
export function tellColor(card: { tier: Tier; finish: Finish }): string {
  if (TIERS.indexOf(card.tier) >= TIERS.indexOf(HOLD_FROM_TIER)) return tierColor(card.tier);
  return FINISH_TELLS[card.finish] ?? tierColor(card.tier);
}
