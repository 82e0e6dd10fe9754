import { describe, expect, it } from "vitest";
import { freshForCostOf, staleWhileRevalidate } from "./staleCache.ts";

describe("staleWhileRevalidate", () => {
  it("computes once for simultaneous first reads, then serves the cached value", async () => {
    let calls = 0;
    const now = 0;
    const cache = staleWhileRevalidate(1000, async () => ++calls, () => now);
    expect(await Promise.all([cache.get(), cache.get(), cache.get()])).toEqual([1, 1, 1]);
    expect(await cache.get()).toBe(1);
    expect(calls).toBe(1);
  });

  it("serves the stale value while one refresh runs, then the new one", async () => {
    let calls = 0;
    let now = 0;
    let release: () => void = () => undefined;
    const cache = staleWhileRevalidate(1000, () => (++calls === 1 ? Promise.resolve(1) : new Promise<number>((r) => (release = () => r(calls)))), () => now);
    expect(await cache.get()).toBe(1);
    now = 1500;
    expect(await cache.get()).toBe(1);
    expect(await cache.get()).toBe(1);
    expect(calls).toBe(2);
    release();
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get()).toBe(2);
  });

  it("a failed first computation is not cached", async () => {
    let calls = 0;
    const cache = staleWhileRevalidate(1000, async () => {
      if (++calls === 1) throw new Error("db down");
      return calls;
    });
    await expect(cache.get()).rejects.toThrow("db down");
    expect(await cache.get()).toBe(2);
  });
});

describe("cost-based freshness", () => {
  it("recomputes a cheap value on every read, and reuses an expensive one", async () => {
    let now = 0;
    let cost = 10;
    let calls = 0;
    const cache = staleWhileRevalidate(freshForCostOf, async () => {
      now += cost;
      return ++calls;
    }, () => now);
    expect(await cache.get()).toBe(1);
    expect(await cache.get()).toBe(2);
    cost = 500;
    expect(await cache.get()).toBe(3);
    now += 1000;
    expect(await cache.get()).toBe(3);
    expect(calls).toBe(3);
  });
});
