import { describe, expect, it } from "vitest";
import { MSG } from "@contract/messages";
import type { PackageDto } from "@contract/store";
import {
  awardedParts,
  balanceCaughtUp,
  formatCents,
  formatDollars,
  intentIdFromClientSecret,
  packageAmounts,
  statusLabel,
  statusTone,
  stepErrorText,
} from "./storeRules";

const pkg = (over: Partial<PackageDto>): PackageDto => ({
  id: "coins-medium",
  name: "Coin Sack",
  type: "coins",
  coins: 50,
  gems: 0,
  priceUsd: 4.99,
  popular: false,
  bonus: "10% Bonus",
  bonusPercentage: 10,
  coinsCredited: 55,
  gemsCredited: 0,
  ...over,
});

describe("money", () => {
  it("shows cents as dollars with two decimals", () => {
    expect(formatCents(999)).toBe("$9.99");
    expect(formatCents(3999)).toBe("$39.99");
    expect(formatCents(100)).toBe("$1.00");
    expect(formatCents(0)).toBe("$0.00");
    expect(formatCents(123456)).toBe("$1,234.56");
  });
  it("shows package prices in dollars", () => {
    expect(formatDollars(0.99)).toBe("$0.99");
    expect(formatDollars(9)).toBe("$9.00");
  });
});

describe("packageAmounts", () => {
  it("splits the credited coins into base and green bonus", () => {
    expect(packageAmounts(pkg({}))).toEqual({ kind: "coin", base: 50, bonus: 5, total: 55 });
  });
  it("uses gems for gem packages", () => {
    expect(packageAmounts(pkg({ type: "gems", coins: 0, gems: 25, coinsCredited: 0, gemsCredited: 30, bonusPercentage: 20 }))).toEqual({ kind: "gem", base: 25, bonus: 5, total: 30 });
  });
  it("has no bonus without a bonus percentage", () => {
    expect(packageAmounts(pkg({ coins: 10, coinsCredited: 10, bonus: null, bonusPercentage: 0 }))).toEqual({ kind: "coin", base: 10, bonus: 0, total: 10 });
  });
});

describe("purchase status", () => {
  it("colours completed and pending; failed, refunded and disputed red; anything else grey", () => {
    expect(statusTone("completed")).toBe("completed");
    expect(statusTone("pending")).toBe("pending");
    expect(statusTone("failed")).toBe("failed");
    expect(statusTone("refunded")).toBe("failed");
    expect(statusTone("disputed")).toBe("failed");
    // Authorized, and the capture refused by the spending limit: nothing taken, shown in red.
    expect(statusTone("refused")).toBe("failed");
    expect(statusTone("unknown-status")).toBe("other");
    expect(statusTone("")).toBe("other");
  });
  it("capitalises the status", () => {
    expect(statusLabel("completed")).toBe("Completed");
    expect(statusLabel("pending")).toBe("Pending");
    expect(statusLabel("")).toBe("Unknown");
  });
  it("lists what a purchase credited", () => {
    expect(awardedParts({ coinsAwarded: 120, gemsAwarded: 0 })).toEqual([{ kind: "coin", amount: 120 }]);
    expect(awardedParts({ coinsAwarded: 0, gemsAwarded: 0 })).toEqual([]);
    expect(awardedParts({ coinsAwarded: 1, gemsAwarded: 2 })).toHaveLength(2);
  });
});

describe("intentIdFromClientSecret", () => {
  it("takes the intent id before '_secret_'", () => {
    expect(intentIdFromClientSecret("pi_3Abc_secret_xyz")).toBe("pi_3Abc");
    expect(intentIdFromClientSecret("pi_test_0a1b2c_secret_ffee")).toBe("pi_test_0a1b2c");
  });
});

describe("stepErrorText", () => {
  it("prefers the server's text", () => {
    expect(stepErrorText("confirm", { serverText: "This payment belongs to another player" })).toBe("This payment belongs to another player");
  });
  it("says network error when nothing answered", () => {
    expect(stepErrorText("create", { network: true, serverText: "ignored" })).toBe(MSG.networkError);
    expect(stepErrorText("history", { network: true })).toBe("Network error. Please try again.");
  });
  it("falls back per step (SPEC.md section 8)", () => {
    expect(stepErrorText("create", {})).toBe("Failed to create payment");
    expect(stepErrorText("card", { serverText: " " })).toBe("Payment failed");
    expect(stepErrorText("confirm", {})).toBe("Failed to confirm purchase");
    expect(stepErrorText("history", {})).toBe("Failed to fetch purchase history");
  });
});

describe("balanceCaughtUp", () => {
  it("waits until the refreshed user holds the confirmed balance", () => {
    expect(balanceCaughtUp(undefined, { coins: 1, gems: 0 })).toBe(false);
    expect(balanceCaughtUp({ coins: 10, gems: 0 }, { coins: 130, gems: 0 })).toBe(false);
    expect(balanceCaughtUp({ coins: 130, gems: 0 }, { coins: 130, gems: 0 })).toBe(true);
    expect(balanceCaughtUp({ coins: 131, gems: 5 }, { coins: 130, gems: 5 })).toBe(true);
  });
});
