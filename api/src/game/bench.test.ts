import { describe, expect, it } from "vitest";
import { nodeHmac } from "../lib/fairSeeds.ts";
import { benchFairPacks, benchPullEngine } from "./bench.ts";

describe("benchPullEngine", () => {
  it("reports a positive pull rate (a short run; the real target, >1M/s, is for `npm run bench`)", () => {
    const { pullsPerSecond } = benchPullEngine(100);
    expect(Number.isFinite(pullsPerSecond)).toBe(true);
    // Loose floor so a slow CI machine does not fail; a regression of 10x would still show.
    expect(pullsPerSecond).toBeGreaterThan(100_000);
  });
});

describe("benchFairPacks", () => {
  it("draws packs from the fair stream and reports a rate (the target is for `npm run bench`)", () => {
    const { pullsPerSecond } = benchFairPacks(nodeHmac, 100);
    expect(Number.isFinite(pullsPerSecond)).toBe(true);
    expect(pullsPerSecond).toBeGreaterThan(1_000);
  });
});
