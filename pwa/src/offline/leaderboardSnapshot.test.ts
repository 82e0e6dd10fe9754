import { describe, expect, it } from "vitest";
import type { LeaderboardEntryDto } from "@contract/leaderboard";
import { mergeLeaderboardRows, splitAtGaps } from "./leaderboardSnapshot";

const row = (id: number, rank: number) => ({ user: { id }, rank, totalScore: 0, bestCards: [] }) as unknown as LeaderboardEntryDto;
const ranks = (rows: LeaderboardEntryDto[]) => rows.map((r) => r.rank);

describe("saved leaderboard rows", () => {
  it("merges the first page and the player's page in rank order, each player once", () => {
    const merged = mergeLeaderboardRows([row(1, 1), row(2, 2)], [row(9, 51), row(2, 2), row(8, 50)]);
    expect(merged.map((r) => r.user.id)).toEqual([1, 2, 8, 9]);
  });

  it("splits at the gap before the player's page, keeping ties together", () => {
    const runs = splitAtGaps([row(1, 1), row(2, 2), row(3, 2), row(4, 3), row(8, 50), row(9, 51)]);
    expect(runs.map(ranks)).toEqual([
      [1, 2, 2, 3],
      [50, 51],
    ]);
    expect(splitAtGaps([])).toEqual([]);
  });
});
