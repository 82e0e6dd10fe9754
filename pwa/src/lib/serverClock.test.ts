import { afterEach, describe, expect, it, vi } from "vitest";
import { noteServerDate, serverNow } from "./serverClock";

const T = Date.parse("2026-11-26T12:00:00.000Z");
const header = (ms: number) => new Date(ms).toUTCString();

afterEach(() => {
  noteServerDate(header(Date.now()), Date.now(), Date.now()); // back to no skew
  vi.useRealTimers();
});

describe("server clock", () => {
  it("follows the server when the device clock is minutes off", () => {
    vi.useFakeTimers({ now: T });
    // The device is 10 minutes fast: the server answered at T - 10 min.
    noteServerDate(header(T - 600_000), T - 40, T);
    expect(Math.abs(serverNow() - (T - 600_000))).toBeLessThanOrEqual(1000);
  });
  it("leaves a device clock within a few seconds alone", () => {
    vi.useFakeTimers({ now: T });
    noteServerDate(header(T - 1_000), T - 40, T);
    expect(serverNow()).toBe(T);
  });
  it("does not move on the header's one-second jitter, and ignores a missing or broken header", () => {
    vi.useFakeTimers({ now: T });
    noteServerDate(header(T + 120_000), T - 40, T);
    const first = serverNow();
    noteServerDate(header(T + 121_000), T - 40, T);
    noteServerDate(null, T - 40, T);
    noteServerDate("not a date", T - 40, T);
    expect(serverNow()).toBe(first);
  });
});
