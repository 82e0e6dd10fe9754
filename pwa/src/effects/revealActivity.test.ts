import { afterEach, describe, expect, it, vi } from "vitest";
import { afterRevealsSettle, isRevealRunning, markRevealTurning } from "./revealActivity";

describe("the updates behind a pack's reveal wait for its cards to settle", () => {
  afterEach(() => vi.useRealTimers());

  it("run at once when no reveal is turning", () => {
    const task = vi.fn();
    afterRevealsSettle(task, 5000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it("run when the last turning reveal settles, once, even if it is reported twice", () => {
    vi.useFakeTimers();
    const first = markRevealTurning();
    const second = markRevealTurning();
    const task = vi.fn();
    afterRevealsSettle(task, 5000);
    first();
    first();
    expect(task).not.toHaveBeenCalled();
    second();
    expect(task).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it("run after the longest wait when a reveal never reports its end", () => {
    vi.useFakeTimers();
    const settled = markRevealTurning();
    const task = vi.fn();
    afterRevealsSettle(task, 5000);
    vi.advanceTimersByTime(4999);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
    settled();
    expect(task).toHaveBeenCalledTimes(1);
  });
});

describe("background work (the art warm-up) keeps off a reveal", () => {
  it("counts a pack waiting to be torn (its cards still to turn) as a reveal on screen", () => {
    expect(isRevealRunning()).toBe(false);
    const settled = markRevealTurning();
    expect(isRevealRunning()).toBe(true);
    settled();
    expect(isRevealRunning()).toBe(false);
  });
});
