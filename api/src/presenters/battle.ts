import type { BattleCardDto, BattleDto } from "../contract/battle.ts";
import { BATTLE_MAX_ROUNDS, type BattleCard } from "../game/battle.ts";
import type { BattleRow } from "../queries/battles.ts";

export function presentBattleCard(card: BattleCard): BattleCardDto {
  const { character, background, set, isHolo, isGlitch, isDarkHolo, points, tier } = card;
  return { character, background, set, isHolo, isGlitch, isDarkHolo, points, tier };
}

export function presentBattle(b: BattleRow): BattleDto {
  return {
    id: b.id,
    player1Name: b.player1Name,
    player2Name: b.player2Name,
    player1Rank: b.player1Rank,
    player2Rank: b.player2Rank,
    player1Life: b.player1Life,
    player2Life: b.player2Life,
    currentRound: b.currentRound,
    maxRounds: Math.min(BATTLE_MAX_ROUNDS, b.player1Deck.length, b.player2Deck.length),
    battleComplete: b.status === "complete",
    battleWinner: b.winnerUserId,
    coinsEarned: b.coinsPaid,
    rounds: b.rounds.map((r) => ({ ...r, player1Card: presentBattleCard(r.player1Card), player2Card: presentBattleCard(r.player2Card) })),
  };
}
