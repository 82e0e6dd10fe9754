import { describe, expect, it } from "vitest";
import { hashPassword, PasswordQueueFullError, passwordQueueDepth, verifyPassword } from "./passwords.ts";

describe("bounded password hashing", () => {
  it("runs at most 2 at once, queues 16, refuses the rest at once, and recovers", async () => {
    const stored = await hashPassword("violet-harbour-42");
    let peak = 0;
    const watch = setInterval(() => (peak = Math.max(peak, passwordQueueDepth().running)), 1);
    const results = await Promise.allSettled(Array.from({ length: 40 }, (_, i) => verifyPassword(stored, `guess-${i}`)));
    clearInterval(watch);
    const refused = results.filter((r) => r.status === "rejected");
    expect(refused).toHaveLength(40 - 2 - 16);
    expect(refused.every((r) => (r as PromiseRejectedResult).reason instanceof PasswordQueueFullError)).toBe(true);
    expect(results.filter((r) => r.status === "fulfilled" && r.value === false)).toHaveLength(18);
    expect(peak).toBeLessThanOrEqual(2);
    expect(passwordQueueDepth()).toEqual({ running: 0, waiting: 0 });
    expect(await verifyPassword(stored, "violet-harbour-42")).toBe(true);
  });
});
