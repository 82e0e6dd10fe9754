import type { LeaderboardEntryDto } from "@contract/leaderboard";

// Which leaderboard rows the device keeps. Pure.

/** Rows from several pages as one list in rank order, each player once. */
export function mergeLeaderboardRows(...pages: readonly (readonly LeaderboardEntryDto[])[]): LeaderboardEntryDto[] {
  const byUser = new Map<number, LeaderboardEntryDto>();
  for (const row of pages.flat()) if (!byUser.has(row.user.id)) byUser.set(row.user.id, row);
  return [...byUser.values()].sort((a, b) => a.rank - b.rank);
}

/** Splits rows in rank order where ranks stop following each other (the gap before the player's page). */
export function splitAtGaps(rows: readonly LeaderboardEntryDto[]): LeaderboardEntryDto[][] {
  const runs: LeaderboardEntryDto[][] = [];
  for (const row of rows) {
    const run = runs.at(-1);
    const last = run?.at(-1);
    if (run && last && row.rank <= last.rank + 1) run.push(row);
    else runs.push([row]);
  }
  return runs;
}
