import { describe, expect, it } from "vitest";
import { compareKeys, formatCompact, formatNumber, formatTimeLeft } from "./format";

describe("format", () => {
  it("groups thousands", () => {
    expect(formatNumber(1234567)).toBe("1,234,567");
    expect(formatNumber(0)).toBe("0");
    expect(formatNumber(999)).toBe("999");
    expect(formatNumber(1000)).toBe("1,000");
    expect(formatNumber(-12345)).toBe("-12,345");
    expect(formatNumber(100000)).toBe("100,000");
  });
  it("groups whole numbers as en-US Intl does, on any device", () => {
    for (const n of [1, 12, 123, 1234, 12345, 123456, 1234567, 9_007_199_254_740_991, 1e20, 12.4, 12.5, 1234.6, -0.2])
      expect(formatNumber(n)).toBe(new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 }).format(n).replace(/^-0$/, "0"));
  });
  it("orders keys by code unit", () => {
    expect(["b", "a", "B", "ab"].sort(compareKeys)).toEqual(["B", "a", "ab", "b"]);
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
