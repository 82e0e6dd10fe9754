import { describe, expect, it } from "vitest";
import { cachedClaims, claimableCount, claimState, resetLabel, statusRetryDelay } from "./rewardRules";

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

  it("trusts a cached claim for the current UTC day or week only", () => {
    const now = new Date("2026-11-25T10:00:00Z"); // a Wednesday
    const rewards = [
      { id: "d", type: "daily" as const },
      { id: "w", type: "weekly" as const },
    ];
    expect(cachedClaims({ d: "2026-11-25T00:00:01Z", w: "2026-11-23T00:00:00Z" }, rewards, now)).toEqual({ d: true, w: true });
    expect(cachedClaims({ d: "2026-11-24T23:59:59Z", w: "2026-11-22T23:59:59Z" }, rewards, now)).toEqual({ d: false, w: false });
    expect(cachedClaims({}, rewards, now)).toEqual({ d: false, w: false });
  });

  it("backs off 1 s, 2 s, 4 s ... up to 10 s", () => {
    expect([0, 1, 2, 3, 4, 5].map(statusRetryDelay)).toEqual([1000, 2000, 4000, 8000, 10000, 10000]);
  });
});
