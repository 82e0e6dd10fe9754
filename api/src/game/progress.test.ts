import { describe, expect, it } from "vitest";
import { currentProgress, recordPack, recordVisit, type Progress } from "./progress.ts";
import type { Card } from "./sets.ts";

const empty: Progress = {
  dailyPeriod: null, dailyLogins: 0, dailyPacksOpened: 0, dailyHolosFound: 0,
  weeklyPeriod: null, weeklyPacksOpened: 0, weeklyHolosFound: 0, weeklyLegendariesFound: 0,
};
const card = (over: Partial<Card>): Card => ({ character: "velvetnight3", background: "", set: 1, isHolo: false, isGlitch: false, isDarkHolo: false, ...over });
const sunday = new Date("2026-11-22T10:00:00Z");
const monday = new Date("2026-11-23T10:00:00Z");

describe("reward progress", () => {
  it("counts packs, shiny cards of any finish, and Legendary or Mythic cards", () => {
    // velvetnight6 is the set's rarest character: its holo entry is Mythic, its regular Legendary.
    const pack = [card({ isHolo: true }), card({ isGlitch: true, background: "cyber" }), card({ character: "velvetnight6" })];
    const p = recordPack(empty, pack, sunday);
    expect(p).toMatchObject({ dailyPacksOpened: 1, dailyHolosFound: 2, weeklyPacksOpened: 1, weeklyHolosFound: 2, dailyLogins: 1 });
    expect(p.weeklyLegendariesFound).toBe(1);
  });

  it("restarts daily counters on a new UTC day and weekly ones on Monday", () => {
    const sat = recordPack(recordPack(empty, [card({ isHolo: true })], new Date("2026-11-21T23:00:00Z")), [], new Date("2026-11-21T23:30:00Z"));
    expect(sat.dailyPacksOpened).toBe(2);
    const sun = currentProgress(sat, sunday);
    expect(sun).toMatchObject({ dailyPacksOpened: 0, dailyHolosFound: 0, weeklyPacksOpened: 2, weeklyHolosFound: 1 });
    expect(currentProgress(sat, monday)).toMatchObject({ weeklyPacksOpened: 0, weeklyHolosFound: 0, dailyPacksOpened: 0 });
  });

  it("records a visit once a day", () => {
    const v = recordVisit(recordVisit(empty, sunday), sunday);
    expect(v.dailyLogins).toBe(1);
    expect(currentProgress(v, monday).dailyLogins).toBe(0);
  });
});
