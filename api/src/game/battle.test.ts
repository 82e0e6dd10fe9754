import { describe, expect, it } from "vitest";
import {
  ARENA_BOT_SET,
  BATTLE_CHAMPIONS,
  BATTLE_COINS_PER_DAY,
  BATTLE_LIVES,
  BATTLE_MAX_ROUNDS,
  arenaBotDeck,
  battleCoinsEarned,
  battleOutcome,
  isBattleOver,
  playRound,
  roundWaitMs,
  type BattleCard,
  type BattleState,
} from "./battle.ts";
import { seededRandom } from "./seededRandom.ts";

const card = (points: number, character = `C${points}`): BattleCard => ({
  character,
  background: "",
  set: 1,
  isHolo: false,
  isGlitch: false,
  isDarkHolo: false,
  points,
  tier: "Common",
  played: false,
});

const fresh = (p1: number[], p2: number[]): BattleState => ({
  player1Life: BATTLE_LIVES,
  player2Life: BATTLE_LIVES,
  currentRound: 0,
  player1Deck: p1.map((p) => card(p)),
  player2Deck: p2.map((p) => card(p)),
});

function playOut(state: BattleState, seed = 1) {
  const rng = seededRandom(seed);
  const results = [];
  while (!isBattleOver(state)) {
    const round = playRound(state, rng);
    state = round.state;
    results.push(round.result);
  }
  return { state, results };
}

describe("battle rounds", () => {
  it("the stronger deck wins three straight rounds and the battle ends at 0 lives", () => {
    const { state, results } = playOut(fresh([900, 800, 700, 600, 500], [5, 4, 3, 2, 1]));
    expect(results.map((r) => r.roundWinner)).toEqual(["player1", "player1", "player1"]);
    expect(state).toMatchObject({ player1Life: 3, player2Life: 0, currentRound: 3 });
    expect(battleOutcome(state)).toBe("player1");
  });

  it("equal points cost both sides a life, and equal lives at the end is a tie", () => {
    const { state, results } = playOut(fresh([10, 10, 10, 10, 10], [10, 10, 10, 10, 10]));
    expect(results.every((r) => r.roundWinner === "tie")).toBe(true);
    expect(state).toMatchObject({ player1Life: 0, player2Life: 0, currentRound: 3 });
    expect(battleOutcome(state)).toBe("tie");
  });

  it("never plays a champion twice and stops after five rounds", () => {
    // Alternating wins keep both sides alive until the round limit.
    for (let seed = 1; seed <= 50; seed++) {
      const { state, results } = playOut(fresh([50, 40, 30, 20, 10], [45, 35, 25, 15, 5]), seed);
      expect(results.length).toBeLessThanOrEqual(BATTLE_MAX_ROUNDS);
      const played1 = results.map((r) => r.player1Card.points);
      expect(new Set(played1).size).toBe(played1.length);
      const lostLives = (BATTLE_LIVES - state.player1Life) + (BATTLE_LIVES - state.player2Life);
      expect(lostLives).toBe(results.length);
    }
  });

  it("picks champions at random, not in deck order", () => {
    const firstPlayed = new Set<number>();
    for (let seed = 1; seed <= 40; seed++) firstPlayed.add(playRound(fresh([1, 2, 3, 4, 5], [1, 2, 3, 4, 5]), seededRandom(seed)).result.player1Card.points);
    expect(firstPlayed.size).toBe(5);
  });

  it("a side with fewer champions fights fewer rounds, and an over battle cannot be played", () => {
    const { state, results } = playOut(fresh([100], [1, 2, 3, 4, 5]));
    expect(results).toHaveLength(1);
    expect(battleOutcome(state)).toBe("player1");
    expect(() => playRound(state, seededRandom(1))).toThrow();
  });

  it("when a deck runs out, more lives wins and equal lives is a tie", () => {
    const tie = playOut(fresh([100, 1], [50, 50])).state;
    expect(tie.currentRound).toBe(2);
    expect(tie.player1Life).toBe(tie.player2Life);
    expect(battleOutcome(tie)).toBe("tie");
    const win = playOut(fresh([100, 100, 1], [50, 50, 50, 50, 50])).state;
    expect(win).toMatchObject({ currentRound: 3, player1Life: 2, player2Life: 1 });
    expect(battleOutcome(win)).toBe("player1");
  });
});

describe("battle rewards and pacing", () => {
  it("pays the starter one coin for a win until the daily cap, nothing for a loss or tie", () => {
    expect(battleCoinsEarned("player1", 0)).toBe(1);
    expect(battleCoinsEarned("player1", BATTLE_COINS_PER_DAY - 1)).toBe(1);
    expect(battleCoinsEarned("player1", BATTLE_COINS_PER_DAY)).toBe(0);
    expect(battleCoinsEarned("player2", 0)).toBe(0);
    expect(battleCoinsEarned("tie", 0)).toBe(0);
  });

  it("rounds are at least one second apart", () => {
    const last = new Date("2026-11-23T10:00:00.000Z");
    expect(roundWaitMs(null, last)).toBe(0);
    expect(roundWaitMs(last, new Date(last.getTime() + 400))).toBe(600);
    expect(roundWaitMs(last, new Date(last.getTime() + 1000))).toBe(0);
  });

  it("Arena Bot fields five set-1 champions, strongest first", () => {
    const deck = arenaBotDeck(seededRandom(7));
    expect(deck).toHaveLength(BATTLE_CHAMPIONS);
    expect(deck.every((c) => c.set === ARENA_BOT_SET && !c.played)).toBe(true);
    expect(deck.map((c) => c.points)).toEqual([...deck.map((c) => c.points)].sort((a, b) => b - a));
  });
});
