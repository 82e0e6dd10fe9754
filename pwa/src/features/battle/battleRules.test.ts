import { describe, expect, it } from "vitest";
import { MSG } from "@contract/messages";
import { battleOutcome, mayRequestRound, outcomeTitle, roundLimit } from "./battleRules";

describe("when the arena asks for another round", () => {
  it("asks while rounds are left and both sides have lives", () => {
    expect(mayRequestRound(0, { player1: 3, player2: 3 })).toBe(true);
    expect(mayRequestRound(4, { player1: 1, player2: 1 })).toBe(true);
  });
  it("stops at round 5 or when either life is 0", () => {
    expect(mayRequestRound(5, { player1: 3, player2: 3 })).toBe(false);
    expect(mayRequestRound(2, { player1: 0, player2: 3 })).toBe(false);
    expect(mayRequestRound(2, { player1: 2, player2: 0 })).toBe(false);
  });
  it("stops earlier when a side fields fewer champions, never later than 5", () => {
    expect(mayRequestRound(2, { player1: 3, player2: 3 }, roundLimit({ maxRounds: 2 }))).toBe(false);
    expect(roundLimit({ maxRounds: 9 })).toBe(5);
  });
});

describe("the result", () => {
  it("is a win when the winner is me, a loss when it is the opponent or Arena Bot (0), a tie on null", () => {
    expect(battleOutcome(42, 42, { player1: 2, player2: 0 })).toBe("won");
    expect(battleOutcome(7, 42, { player1: 0, player2: 2 })).toBe("lost");
    expect(battleOutcome(0, 42, { player1: 1, player2: 2 })).toBe("lost");
    expect(battleOutcome(null, 42, { player1: 1, player2: 1 })).toBe("tie");
  });
  it("uses SPEC.md's titles", () => {
    expect(outcomeTitle("won")).toBe("You Won!");
    expect(outcomeTitle("lost")).toBe("You Lost");
    expect(outcomeTitle("tie")).toBe(MSG.battleTie);
    expect(MSG.battleTie).toBe("Battle Ended in a Tie!");
  });
});
