import { afterEach, describe, expect, it, vi } from "vitest";
import { appBadgeCount, clearAppBadge, showAppBadge } from "./appBadge";

afterEach(() => vi.unstubAllGlobals());

function badgingNavigator(opts: { reject?: boolean } = {}) {
  const calls: string[] = [];
  const answer = () => (opts.reject ? Promise.reject(new DOMException("not installed", "NotAllowedError")) : Promise.resolve());
  vi.stubGlobal("navigator", {
    setAppBadge: (n?: number) => (calls.push(`set ${n}`), answer()),
    clearAppBadge: () => (calls.push("clear"), answer()),
  });
  return calls;
}

describe("appBadgeCount", () => {
  it("is the claimable count, or no badge at 0", () => {
    expect(appBadgeCount(3)).toBe(3);
    expect(appBadgeCount(1)).toBe(1);
    expect(appBadgeCount(0)).toBeNull();
  });

  it("never shows a nonsense number", () => {
    expect(appBadgeCount(-2)).toBeNull();
    expect(appBadgeCount(Number.NaN)).toBeNull();
    expect(appBadgeCount(2.7)).toBe(2);
  });
});

describe("showAppBadge", () => {
  it("sets the count and clears at 0 and on sign-out", () => {
    const calls = badgingNavigator();
    showAppBadge(4);
    showAppBadge(0);
    showAppBadge(2);
    clearAppBadge();
    expect(calls).toEqual(["set 4", "clear", "set 2", "clear"]);
  });

  it("does nothing where the Badging API is missing", () => {
    vi.stubGlobal("navigator", {});
    expect(() => showAppBadge(3)).not.toThrow();
    expect(() => clearAppBadge()).not.toThrow();
  });

  it("swallows a refusal (a browser tab that is not installed)", async () => {
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    const calls = badgingNavigator({ reject: true });
    showAppBadge(1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off("unhandledRejection", unhandled);
    expect(calls).toEqual(["set 1"]);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
