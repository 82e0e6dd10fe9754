import { describe, expect, it } from "vitest";
import { cryptoRandom } from "./random.ts";

describe("cryptoRandom", () => {
  it("returns integers in [0, max)", () => {
    for (const max of [1, 2, 100, 9995, 10_000]) {
      for (let i = 0; i < 500; i++) {
        const x = cryptoRandom.int(max);
        expect(Number.isInteger(x) && x >= 0 && x < max).toBe(true);
      }
    }
  });

  it("is not constant", () => {
    expect(new Set(Array.from({ length: 50 }, () => cryptoRandom.int(1_000_000))).size).toBeGreaterThan(40);
  });
});
