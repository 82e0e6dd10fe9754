// Battle shapes of SPEC.md section 3, plus what the arena screen needs. Types and constants only.

import type { CardIdentityDto } from "./cards.ts";

/** A fielded champion as the battle shows it (a snapshot of the card when the battle began). */
export interface BattleCardDto extends CardIdentityDto {
  points: number;
  tier: string;
}

export type RoundWinnerDto = "player1" | "player2" | "tie";

/** SPEC.md section 3, Round result. battleWinner: the winner's user id, 0 for Arena Bot, null for a tie. */
export interface RoundResultDto {
  player1Card: BattleCardDto;
  player2Card: BattleCardDto;
  roundWinner: RoundWinnerDto;
  player1Life: number;
  player2Life: number;
  currentRound: number;
  battleComplete: boolean;
  battleWinner: number | null;
  /** Coins this battle paid the starter (0 or 1); set once the battle is complete. */
  coinsEarned: number;
  /** The starter's coins after the payout, when the battle completed with this round. */
  newCoinCount?: number;
}

/** SPEC.md section 3, Battle; player1 is always the player who started it. */
export interface BattleDto {
  id: number;
  player1Name: string;
  player2Name: string;
  player1Rank: number | null;
  player2Rank: number | null;
  player1Life: number;
  player2Life: number;
  currentRound: number;
  maxRounds: number;
  battleComplete: boolean;
  battleWinner: number | null;
  coinsEarned: number;
  /** Rounds played so far, oldest first, so a reloaded arena can show where the battle stands. */
  rounds: Omit<RoundResultDto, "battleComplete" | "battleWinner" | "coinsEarned" | "newCoinCount">[];
}

export interface FindOpponentResponse {
  battleId: number;
}

/** The reward panel: what a win pays and how much of today's cap is left (UTC day). */
export interface BattleAllowanceDto {
  coinsPerWin: number;
  dailyCap: number;
  earnedToday: number;
  leftToday: number;
  resetTime: string;
}
