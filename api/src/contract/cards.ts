// Card shapes of SPEC.md section 3. Types only.

export interface CardDto {
  id: number;
  userId: number;
  character: string;
  /** "" when the card has no background. */
  background: string;
  set: number;
  isHolo: boolean;
  isGlitch: boolean;
  isDarkHolo: boolean;
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
}
