import { MSG } from "@contract/messages";
import { describe, expect, it } from "vitest";
import { describeRouteError } from "./routeError";

describe("route error detail", () => {
  it("says why a screen whose code could not be fetched did not open, in every browser's words", () => {
    for (const message of [
      "Failed to fetch dynamically imported module: http://localhost:3000/assets/battle-abc123.js",
      "error loading dynamically imported module: http://localhost:3000/assets/battle-abc123.js",
      "Importing a module script failed.",
      "Unable to preload CSS for /assets/battle-abc123.css",
    ])
      expect(describeRouteError(new TypeError(message))).toBe(MSG.partNotLoaded);
  });

  it("keeps any other error's own message, and has a line for errors without one", () => {
    expect(describeRouteError(new Error("Card not found"))).toBe("Card not found");
    expect(describeRouteError("broken")).toBe("broken");
    expect(describeRouteError(null)).toBe("Something went wrong while opening this page.");
  });
});
