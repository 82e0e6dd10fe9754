import { publishEvent } from "../events/publish.ts";
import { MSG } from "../contract/messages.ts";
import type { Db } from "../db/knex.ts";
import { ARENA_BOT_ID, battleCoinsEarned, battleOutcome, isBattleOver, playRound, roundWaitMs, type RoundResult } from "../game/battle.ts";
import { changeCoins } from "../game/coins.ts";
import { dailyPeriod } from "../game/periods.ts";
import type { RandomSource } from "../game/pull.ts";
import { conflict, notFound, tooManyRequests } from "../http/errors.ts";
import { User } from "../models/User.ts";
import { battleCoinsToday, battleState, findOwnBattle, type BattleRow } from "../queries/battles.ts";
import { coinState, lockUser } from "../queries/users.ts";

export interface PlayedRound extends RoundResult {
  battleComplete: boolean;
  battleWinner: number | null;
  coinsEarned: number;
  newCoinCount?: number;
}

/** The winner's user id, Arena Bot's id, or null for a tie. */
export function winnerUserId(battle: Pick<BattleRow, "userId" | "opponentUserId">, outcome: "player1" | "player2" | "tie"): number | null {
  if (outcome === "tie") return null;
  return outcome === "player1" ? battle.userId : (battle.opponentUserId ?? ARENA_BOT_ID);
}

/**
 * POST /battle/{id}/round: plays the next round under the battle's row lock, so parallel
 * requests cannot play a round twice; rounds at least 1 s apart; when the round ends the battle,
 * the starter's win is paid in the same transaction, once, within the daily battle-coin cap.
 */
export async function playBattleRound(db: Db, userId: number, battleId: number, rng: RandomSource, now = new Date()): Promise<PlayedRound> {
  return db.transaction(async (trx) => {
    const battle = await findOwnBattle(trx, userId, battleId, { lock: true });
    if (!battle) throw notFound(MSG.battleNotFound);
    const state = battleState(battle);
    if (battle.status === "complete" || isBattleOver(state)) throw conflict(MSG.battleOver);
    if (roundWaitMs(battle.lastRoundAt, now) > 0) throw tooManyRequests(MSG.battleTooFast);

    const { state: next, result } = playRound(state, rng);
    const complete = isBattleOver(next);
    const outcome = battleOutcome(next);
    const winner = complete ? winnerUserId(battle, outcome) : null;

    let coinsEarned = 0;
    let newCoinCount: number | undefined;
    if (complete) {
      const user = await lockUser(trx, userId);
      const day = dailyPeriod(now);
      const earnedToday = battleCoinsToday(user, day);
      coinsEarned = battleCoinsEarned(outcome, earnedToday);
      const coins = changeCoins(coinState(user), coinsEarned, now);
      newCoinCount = coins.coins;
      if (coinsEarned > 0) {
        await User.query(trx).patch({
          coins: newCoinCount,
          lastCoinGeneration: coins.lastCoinGeneration,
          battleCoinsDay: day,
          battleCoinsToday: earnedToday + coinsEarned,
          updatedAt: now,
        }).where("id", userId);
      }
    }

    await trx("battles")
      .where({ id: battle.id })
      .update({
        player1_life: next.player1Life,
        player2_life: next.player2Life,
        current_round: next.currentRound,
        player1_deck: JSON.stringify(next.player1Deck),
        player2_deck: JSON.stringify(next.player2Deck),
        rounds: JSON.stringify([...battle.rounds, result]),
        status: complete ? "complete" : "active",
        winner_user_id: winner,
        coins_paid: coinsEarned,
        last_round_at: now,
      });
    // Issue 47: the players in it (a bot has no stream) see the round, or the result, at once.
    const players = [battle.userId, battle.opponentUserId].filter((id): id is number => typeof id === "number" && id !== ARENA_BOT_ID);
    await publishEvent(trx, "battle", { kind: complete ? "result" : "round", battleId: battle.id }, players);
    return { ...result, battleComplete: complete, battleWinner: winner, coinsEarned, ...(newCoinCount !== undefined ? { newCoinCount } : {}) };
  });
}
