import { describe, expect, it } from "vitest";
import { asOfNow, claimableCount, claimState, resetLabel, statusRetryDelay } from "./rewardRules";

const H = 3_600_000;
const M = 60_000;

describe("reward rules", () => {
  it("labels the reset countdown in hours and minutes, days and hours past a day, then 'Resetting...'", () => {
    expect(resetLabel(5 * H + 7 * M + 30_000)).toBe("Reset: 5h 7m");
    expect(resetLabel(59 * 1000)).toBe("Reset: 0h 0m");
    expect(resetLabel(24 * H)).toBe("Reset: 24h 0m");
    expect(resetLabel(3 * 24 * H + 4 * H + 5 * M)).toBe("Reset: 3d 4h");
    expect(resetLabel(0)).toBe("Resetting...");
    expect(resetLabel(-5)).toBe("Resetting...");
  });

  it("moves a reward from locked to completable to claiming to claimed", () => {
    expect(claimState({ progress: 3, requirement: 10 }, false, false)).toBe("locked");
    expect(claimState({ progress: 10, requirement: 10 }, false, false)).toBe("completable");
    expect(claimState({ progress: 10, requirement: 10 }, false, true)).toBe("claiming");
    expect(claimState({ progress: 0, requirement: 10 }, true, false)).toBe("claimed");
  });

  it("counts claimable rewards: reached and not claimed", () => {
    const rewards = [
      { id: "a", progress: 1, requirement: 1 },
      { id: "b", progress: 5, requirement: 1 },
      { id: "c", progress: 0, requirement: 1 },
    ] as never[];
    expect(claimableCount(rewards, {})).toBe(2);
    expect(claimableCount(rewards, { a: true })).toBe(1);
  });

  it("keeps the server's last list as it was until a period resets, then starts that reward again", () => {
    const list = [
      { id: "d", type: "daily", progress: 2, requirement: 1, claimed: true, resetTime: "2026-11-26T00:00:00Z" },
      { id: "w", type: "weekly", progress: 5, requirement: 5, claimed: false, resetTime: "2026-11-30T00:00:00Z" },
    ] as never[];
    const before = asOfNow(list, new Date("2026-11-25T23:59:00Z"));
    expect(before).toEqual(list);
    expect(claimableCount(before, { d: true })).toBe(1);
    const after = asOfNow(list, new Date("2026-11-26T00:00:00Z"));
    expect(after.map((r) => [r.id, r.progress, r.claimed])).toEqual([
      ["d", 0, false],
      ["w", 5, false],
    ]);
  });

  it("backs off 1 s, 2 s, 4 s ... up to 10 s", () => {
    expect([0, 1, 2, 3, 4, 5].map(statusRetryDelay)).toEqual([1000, 2000, 4000, 8000, 10000, 10000]);
  });
});
