import { describe, expect, it } from "vitest";
import { dailyPeriod, nextDailyReset, nextWeeklyReset, weeklyPeriod } from "./periods.ts";

describe("reward periods (UTC)", () => {
  it("days start at UTC midnight", () => {
    expect(dailyPeriod(new Date("2026-11-22T23:59:59Z"))).toBe("2026-11-22");
    expect(dailyPeriod(new Date("2026-11-23T00:00:00Z"))).toBe("2026-11-23");
    expect(nextDailyReset(new Date("2026-11-22T05:00:00Z")).toISOString()).toBe("2026-11-23T00:00:00.000Z");
  });

  it("weeks start on Monday at UTC midnight", () => {
    // 2026-11-22 is a Sunday, 2026-11-23 a Monday.
    expect(weeklyPeriod(new Date("2026-11-22T12:00:00Z"))).toBe("2026-11-16");
    expect(weeklyPeriod(new Date("2026-11-23T00:00:00Z"))).toBe("2026-11-23");
    expect(weeklyPeriod(new Date("2026-11-29T23:59:59Z"))).toBe("2026-11-23");
    expect(nextWeeklyReset(new Date("2026-11-22T12:00:00Z")).toISOString()).toBe("2026-11-23T00:00:00.000Z");
  });
});
