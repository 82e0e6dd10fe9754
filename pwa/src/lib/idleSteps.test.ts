import { afterEach, describe, expect, it, vi } from "vitest";
import { IdleSteps } from "./idleSteps";

describe("work done one step per idle moment", () => {
  afterEach(() => vi.useRealTimers());

  it("runs one step per moment, in order", () => {
    vi.useFakeTimers();
    const ran: string[] = [];
    const steps = new IdleSteps([() => ran.push("a"), () => ran.push("b"), () => ran.push("c")], 300);
    steps.start();
    expect(ran).toEqual([]);
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(["a"]);
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(["a", "b"]);
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(["a", "b", "c"]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("flush runs what is left at once, and nothing runs twice", () => {
    vi.useFakeTimers();
    const ran: string[] = [];
    const b = () => ran.push("b");
    const steps = new IdleSteps([() => ran.push("a"), b, () => ran.push("c")], 300);
    steps.start();
    vi.advanceTimersToNextTimer();
    expect(steps.has(b)).toBe(true);
    steps.flush();
    expect(ran).toEqual(["a", "b", "c"]);
    expect(steps.has(b)).toBe(false);
    vi.runAllTimers();
    expect(ran).toEqual(["a", "b", "c"]);
  });
});
