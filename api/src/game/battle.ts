// Battles (RULES.md, Battles): each side fields its champions; every round each side plays one
// not-yet-played champion chosen at random, higher points wins, equal points cost both a life.
// Pure: the random source and the clock are passed in.

import { pullCard, type RandomSource } from "./pull.ts";
import { points, tierOf } from "./rarity.ts";
import type { Card } from "./sets.ts";

export const BATTLE_LIVES = 3;
export const BATTLE_MAX_ROUNDS = 5;
export const BATTLE_CHAMPIONS = 5;
export const BATTLE_WIN_COINS = 1;
export const BATTLE_COINS_PER_DAY = 20;
export const BATTLE_ROUND_GAP_MS = 1000;
/** The house opponent when nobody else has cards; it fields a set-1 deck. */
export const ARENA_BOT_NAME = "Arena Bot";
export const ARENA_BOT_SET = 1;
/** battleWinner when Arena Bot wins: it has no account, and null already means a tie. */
export const ARENA_BOT_ID = 0;

/** A champion as fielded: a snapshot, so trading the card away mid-battle changes nothing. */
export interface BattleCard extends Card {
  points: number;
  tier: string;
  played: boolean;
}

export type RoundWinner = "player1" | "player2" | "tie";
export type BattleOutcome = RoundWinner;

export interface BattleState {
  player1Life: number;
  player2Life: number;
  currentRound: number;
  player1Deck: BattleCard[];
  player2Deck: BattleCard[];
}

export interface RoundResult {
  player1Card: BattleCard;
  player2Card: BattleCard;
  roundWinner: RoundWinner;
  player1Life: number;
  player2Life: number;
  currentRound: number;
}

/** A stored card carries its points already; a fresh pull gets them from the rules. */
export function toBattleCard(card: Card & { points?: number }): BattleCard {
  return {
    character: card.character,
    background: card.background,
    set: card.set,
    isHolo: card.isHolo,
    isGlitch: card.isGlitch,
    isDarkHolo: card.isDarkHolo,
    points: card.points ?? points(card),
    tier: tierOf(card),
    played: false,
  };
}

/** Arena Bot's deck: fresh set-1 pulls, strongest first like a player's champions. */
export function arenaBotDeck(rng: RandomSource): BattleCard[] {
  return Array.from({ length: BATTLE_CHAMPIONS }, () => toBattleCard(pullCard(ARENA_BOT_SET, rng))).sort((a, b) => b.points - a.points);
}

const unplayed = (deck: BattleCard[]) => deck.flatMap((card, i) => (card.played ? [] : [i]));

/**
 * Over when a side has no life left, after the last round, or when a side has no champion left
 * to play (a player with fewer than five cards fights fewer rounds).
 */
export function isBattleOver(state: BattleState): boolean {
  return (
    state.player1Life <= 0 ||
    state.player2Life <= 0 ||
    state.currentRound >= BATTLE_MAX_ROUNDS ||
    unplayed(state.player1Deck).length === 0 ||
    unplayed(state.player2Deck).length === 0
  );
}

/** More lives wins; equal lives is a tie. */
export function battleOutcome(state: BattleState): BattleOutcome {
  if (state.player1Life > state.player2Life) return "player1";
  if (state.player2Life > state.player1Life) return "player2";
  return "tie";
}

/** Plays the next round. The caller checks isBattleOver first; playing an over battle throws. */
export function playRound(state: BattleState, rng: RandomSource): { state: BattleState; result: RoundResult } {
  if (isBattleOver(state)) throw new Error("The battle is over");
  const p1Options = unplayed(state.player1Deck);
  const p2Options = unplayed(state.player2Deck);
  const i1 = p1Options[rng.int(p1Options.length)]!;
  const i2 = p2Options[rng.int(p2Options.length)]!;
  const player1Deck = state.player1Deck.map((c, i) => (i === i1 ? { ...c, played: true } : c));
  const player2Deck = state.player2Deck.map((c, i) => (i === i2 ? { ...c, played: true } : c));
  const player1Card = player1Deck[i1]!;
  const player2Card = player2Deck[i2]!;
  const roundWinner: RoundWinner = player1Card.points > player2Card.points ? "player1" : player2Card.points > player1Card.points ? "player2" : "tie";
  const next: BattleState = {
    player1Life: state.player1Life - (roundWinner === "player1" ? 0 : 1),
    player2Life: state.player2Life - (roundWinner === "player2" ? 0 : 1),
    currentRound: state.currentRound + 1,
    player1Deck,
    player2Deck,
  };
  return {
    state: next,
    result: {
      player1Card,
      player2Card,
      roundWinner,
      player1Life: next.player1Life,
      player2Life: next.player2Life,
      currentRound: next.currentRound,
    },
  };
}

/** Coins the starter earns for an outcome, given what battles already paid them today. */
export function battleCoinsEarned(outcome: BattleOutcome, coinsEarnedToday: number): number {
  if (outcome !== "player1") return 0;
  return Math.max(0, Math.min(BATTLE_WIN_COINS, BATTLE_COINS_PER_DAY - coinsEarnedToday));
}

/** Milliseconds until the next round may be played (0 when it may be played now). */
export function roundWaitMs(lastRoundAt: Date | null, now: Date): number {
  if (!lastRoundAt) return 0;
  return Math.max(0, BATTLE_ROUND_GAP_MS - (now.getTime() - lastRoundAt.getTime()));
}
