// Card shapes of SPEC.md section 3. Types only.
import type { PityStatus } from "../game/pullRecord.ts";

/** What makes two cards the same card: character, background, set and finish. */
export interface CardIdentityDto {
  character: string;
  /** "" when the card has no background. */
  background: string;
  set: number;
  isHolo: boolean;
  isGlitch: boolean;
  isDarkHolo: boolean;
}

export interface CardDto extends CardIdentityDto {
  id: number;
  userId: number;
  points: number;
  tier: string;
  openedAt: string;
}

export interface PulledCardDto extends CardDto {
  /** First card of this kind in the player's collection. */
  isNew: boolean;
}

export interface OpenPackResponse {
  cards: PulledCardDto[];
  newCoinCount: number;
  newGemCount: number;
  /** What the pack was drawn with: checkable once the server seed is revealed. */
  pull: PullCommitment;
  /** Every pack of the request in order: one, or ten for a bulk open (RULES.md, Bulk open). */
  pulls?: PullCommitment[];
  /** The set's pity counter after this pack. */
  pity: PityDto;
}

export interface PullCommitment {
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

/** RULES.md, Pity: "Legendary or better within {guaranteedWithin} packs". */
export type PityDto = PityStatus;
