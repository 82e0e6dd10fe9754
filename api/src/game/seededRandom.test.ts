import { describe, expect, it } from "vitest";
import { seededRandom } from "./seededRandom.ts";

describe("seededRandom", () => {
  it("repeats its sequence for the same seed", () => {
    const a = seededRandom(123);
    const b = seededRandom(123);
    const seqA = Array.from({ length: 100 }, () => a.int(1000));
    expect(Array.from({ length: 100 }, () => b.int(1000))).toEqual(seqA);
  });

  it("gives unrelated sequences for neighbouring seeds", () => {
    const first = (seed: number) => Array.from({ length: 8 }, seededRandom(seed).next32);
    const a = first(1);
    const b = first(2);
    expect(a.filter((x, i) => x === b[i])).toEqual([]);
  });

  it("returns unsigned 32-bit outputs and integers in [0, max)", () => {
    const rng = seededRandom(9);
    for (let i = 0; i < 10_000; i++) {
      const raw = rng.next32();
      expect(Number.isInteger(raw) && raw >= 0 && raw < 2 ** 32).toBe(true);
    }
    for (const max of [1, 2, 3, 7, 100, 9995, 10_000, 2 ** 31 + 1, 2 ** 32]) {
      for (let i = 0; i < 1000; i++) {
        const x = rng.int(max);
        expect(Number.isInteger(x) && x >= 0 && x < max).toBe(true);
      }
    }
  });

  it("reaches both ends of the range", () => {
    const rng = seededRandom(5);
    const seen = new Set(Array.from({ length: 2000 }, () => rng.int(10)));
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("rejects ranges it cannot serve uniformly", () => {
    const rng = seededRandom(1);
    for (const max of [0, -1, 1.5, Number.NaN, 2 ** 32 + 1]) expect(() => rng.int(max)).toThrow(RangeError);
  });
});
