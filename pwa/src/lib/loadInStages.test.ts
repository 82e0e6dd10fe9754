import { afterEach, describe, expect, it } from "vitest";
import { importWithoutErrorStacks } from "./loadInStages";

describe("importWithoutErrorStacks", () => {
  const limit = Error.stackTraceLimit;
  afterEach(() => {
    Error.stackTraceLimit = limit;
  });

  it("creates the module's Errors without a stack, then gives stacks back", async () => {
    // What React DOM does while it is evaluated: Errors made at module level.
    const made = await importWithoutErrorStacks(async () => new Error("a sentinel"));
    expect(made.message).toBe("a sentinel");
    expect(made.stack).toBeUndefined();
    expect(Error.stackTraceLimit).toBe(limit);
    expect(new Error("later").stack).toContain("loadInStages.test.ts");
  });

  it("gives stacks back when the import fails", async () => {
    await expect(importWithoutErrorStacks(() => Promise.reject(new Error("offline")))).rejects.toThrow("offline");
    expect(Error.stackTraceLimit).toBe(limit);
    expect(new Error("later").stack).toContain("loadInStages.test.ts");
  });
});
