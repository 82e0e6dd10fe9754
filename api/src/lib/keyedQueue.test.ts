import { describe, expect, it } from "vitest";
import { keyedQueue } from "./keyedQueue.ts";

const deferred = () => {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};

describe("keyedQueue", () => {
  it("starts a key's next task only when the one before it has settled, even after a failure", async () => {
    const run = keyedQueue<number>();
    const started: string[] = [];
    const first = deferred();
    const a = run(1, async () => (started.push("a"), first.promise));
    const b = run(1, async () => (started.push("b"), "b"));
    await Promise.resolve();
    expect(started).toEqual(["a"]);
    first.reject(new Error("a failed"));
    await expect(a).rejects.toThrow("a failed");
    expect(await b).toBe("b");
    expect(started).toEqual(["a", "b"]);
  });

  it("runs tasks of different keys at the same time", async () => {
    const run = keyedQueue<number>();
    const started: number[] = [];
    const held = deferred();
    const one = run(1, async () => (started.push(1), held.promise));
    const two = run(2, async () => (started.push(2), "two"));
    expect(await two).toBe("two");
    expect(started).toEqual([1, 2]);
    held.resolve();
    await one;
  });
});
