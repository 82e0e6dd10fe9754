import { describe, expect, it } from "vitest";
import { changeLimit, dollars, LIMIT_DELAY_MS, limitAt, monthStart, wouldPassLimit } from "./spendingLimit.ts";

const now = new Date("2026-11-25T10:00:00Z");
const none = { monthlyLimitCents: null, pending: null };

describe("spending limit rules (RULES.md)", () => {
  it("setting or lowering a limit applies at once", () => {
    expect(changeLimit(none, 5000, now)).toEqual({ monthlyLimitCents: 5000, pending: null });
    expect(changeLimit({ monthlyLimitCents: 5000, pending: null }, 2000, now)).toEqual({ monthlyLimitCents: 2000, pending: null });
  });

  it("raising or removing waits 24 hours, then applies", () => {
    const raised = changeLimit({ monthlyLimitCents: 2000, pending: null }, 9000, now);
    expect(raised).toEqual({ monthlyLimitCents: 2000, pending: { monthlyLimitCents: 9000, effectiveAt: new Date(now.getTime() + LIMIT_DELAY_MS) } });
    expect(limitAt(raised, new Date(now.getTime() + LIMIT_DELAY_MS - 1)).monthlyLimitCents).toBe(2000);
    expect(limitAt(raised, new Date(now.getTime() + LIMIT_DELAY_MS))).toEqual({ monthlyLimitCents: 9000, pending: null });
    const removed = changeLimit({ monthlyLimitCents: 2000, pending: null }, null, now);
    expect(removed.pending).toEqual({ monthlyLimitCents: null, effectiveAt: new Date(now.getTime() + LIMIT_DELAY_MS) });
    expect(limitAt(removed, new Date(now.getTime() + LIMIT_DELAY_MS)).monthlyLimitCents).toBeNull();
  });

  it("lowering while a raise waits cancels the raise; asking for the limit in force clears it too", () => {
    const raised = changeLimit({ monthlyLimitCents: 2000, pending: null }, 9000, now);
    expect(changeLimit(raised, 1000, now)).toEqual({ monthlyLimitCents: 1000, pending: null });
    expect(changeLimit(raised, 2000, now)).toEqual({ monthlyLimitCents: 2000, pending: null });
  });

  it("counts the UTC month and refuses what would pass the limit", () => {
    expect(monthStart(new Date("2026-12-01T00:30:00+02:00"))).toEqual(new Date("2026-11-01T00:00:00Z"));
    expect(wouldPassLimit(5000, 4000, 999)).toBe(false);
    expect(wouldPassLimit(5000, 4000, 1000)).toBe(false);
    expect(wouldPassLimit(5000, 4000, 1001)).toBe(true);
    expect(wouldPassLimit(null, 10 ** 9, 1)).toBe(false);
    expect(dollars(2500)).toBe("$25");
  });
});
