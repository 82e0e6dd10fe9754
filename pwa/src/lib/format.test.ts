import { describe, expect, it } from "vitest";
import { formatCompact, formatNumber, formatTimeLeft } from "./format";

describe("format", () => {
  it("groups thousands", () => {
    expect(formatNumber(1234567)).toBe("1,234,567");
  });
  it("shortens points to K from 10,000 and to M from 1,000,000", () => {
    expect(formatCompact(9999)).toBe("9,999");
    expect(formatCompact(10_000)).toBe("10K");
    expect(formatCompact(12_345)).toBe("12.3K");
    expect(formatCompact(1_000_000)).toBe("1M");
    expect(formatCompact(2_560_000)).toBe("2.5M");
  });
  it("shows minutes and seconds, or only seconds under a minute", () => {
    expect(formatTimeLeft(45_000)).toBe("45s");
    expect(formatTimeLeft(125_000)).toBe("2m 05s");
    expect(formatTimeLeft(-5)).toBe("0s");
  });
});
