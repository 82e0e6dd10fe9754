// The arena's pure decisions (SPEC.md section 4, Battle): when another round may be asked for,
// who won, and what the result screen says. The server decides every number; these only read it.

import { MSG } from "@contract/messages";
import type { BattleDto, RoundResultDto } from "@contract/battle";
import { BATTLE_LIVES, BATTLE_MAX_ROUNDS } from "../../../../api/src/game/battle";

export { BATTLE_LIVES, BATTLE_MAX_ROUNDS };

/** 'Battle starting...' stays up this long before the first round is asked for. */
export const BATTLE_START_DELAY_MS = 1600;
/** SPEC.md: the next round starts about 1 s after the previous one has finished showing. */
export const NEXT_ROUND_DELAY_MS = 1000;
/** After the flip, the loser greys and the hearts break; this long before the round counts as finished. */
export const ROUND_SETTLE_MS = 900;
/** A battle resumed after a trip to another view shows its last round again for this long first. */
export const RESUME_DELAY_MS = 2600;
/** A round answered 429 (under 1 s since the last one) is asked for again after this long. */
export const ROUND_RETRY_MS = 1000;
/** Give up on 429s after this many tries in a row (the server clock is then clearly off). */
export const ROUND_MAX_RETRIES = 8;

export interface Lives {
  player1: number;
  player2: number;
}

export type BattleOutcome = "won" | "lost" | "tie";

/** The rounds this battle can have: 5, or fewer when a side fields fewer champions. */
export function roundLimit(battle: Pick<BattleDto, "maxRounds">): number {
  return Math.min(BATTLE_MAX_ROUNDS, battle.maxRounds || BATTLE_MAX_ROUNDS);
}

/** SPEC.md section 4: a round is not requested if the current round is >= 5 or either life is 0. */
export function mayRequestRound(currentRound: number, lives: Lives, limit = BATTLE_MAX_ROUNDS): boolean {
  return currentRound < Math.min(BATTLE_MAX_ROUNDS, limit) && lives.player1 > 0 && lives.player2 > 0;
}

/**
 * The starter's view of the end: battleWinner is the winner's user id (0 for Arena Bot), null for
 * a tie. Without a known user id the lives decide, as they do on the server.
 */
export function battleOutcome(battleWinner: number | null, myUserId: number | undefined, lives: Lives): BattleOutcome {
  if (battleWinner === null) return lives.player1 === lives.player2 ? "tie" : lives.player1 > lives.player2 ? "won" : "lost";
  if (myUserId !== undefined) return battleWinner === myUserId ? "won" : "lost";
  return lives.player1 > lives.player2 ? "won" : "lost";
}

export function outcomeTitle(outcome: BattleOutcome): string {
  return outcome === "won" ? MSG.battleWon : outcome === "lost" ? MSG.battleLost : MSG.battleTie;
}

/** The round a battle loaded from the server stands at, as a round result (for resuming). */
export function livesOf(source: Pick<RoundResultDto, "player1Life" | "player2Life">): Lives {
  return { player1: source.player1Life, player2: source.player2Life };
}
