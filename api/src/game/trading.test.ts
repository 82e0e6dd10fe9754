import { describe, expect, it } from "vitest";
import { canTrade, isLopsided, likelySameOwner, TRADE_UNLOCK } from "./trading.ts";

const now = new Date("2026-11-25T12:00:00Z");
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);

describe("anti-farming rules (RULES.md, Trading)", () => {
  it("trading unlocks after 24 hours and 10 packs, both", () => {
    expect(canTrade({ createdAt: hoursAgo(24), packsOpened: 10 }, now)).toBe(true);
    expect(canTrade({ createdAt: hoursAgo(23.9), packsOpened: 500 }, now)).toBe(false);
    expect(canTrade({ createdAt: hoursAgo(500), packsOpened: 9 }, now)).toBe(false);
    expect(canTrade({ createdAt: now, packsOpened: 0 }, now, { minAccountAgeMs: 0, minPacksOpened: 0 })).toBe(true);
    expect(TRADE_UNLOCK).toEqual({ minAccountAgeMs: 24 * 3_600_000, minPacksOpened: 10 });
  });

  it("lopsided means one card is worth more than 3x the other, either way", () => {
    expect(isLopsided(100, 300)).toBe(false);
    expect(isLopsided(100, 301)).toBe(true);
    expect(isLopsided(2500, 36)).toBe(true);
    expect(isLopsided(0, 1)).toBe(true);
  });

  it("same owner: one network and sign-ups within 7 days of each other", () => {
    const a = { signupNetwork: "203.0.113.0/24", createdAt: hoursAgo(0) };
    expect(likelySameOwner(a, { signupNetwork: "203.0.113.0/24", createdAt: hoursAgo(24 * 7) })).toBe(true);
    expect(likelySameOwner(a, { signupNetwork: "203.0.113.0/24", createdAt: hoursAgo(24 * 7 + 1) })).toBe(false);
    expect(likelySameOwner(a, { signupNetwork: "198.51.100.0/24", createdAt: hoursAgo(1) })).toBe(false);
    expect(likelySameOwner({ ...a, signupNetwork: null }, { signupNetwork: null, createdAt: hoursAgo(1) })).toBe(false);
  });
});
