import { describe, expect, it } from "vitest";
import { SCREENSHOTS } from "./artManifest.ts";

// What browsers ask of manifest screenshots before they show them in a richer install dialog
// (Chromium: each side 320 to 3840 px, the long side at most 2.3 times the short one).
describe("the manifest's screenshots", () => {
  it("are one phone (narrow, portrait) and one desktop (wide, landscape)", () => {
    const narrow = SCREENSHOTS.filter((s) => s.formFactor === "narrow");
    const wide = SCREENSHOTS.filter((s) => s.formFactor === "wide");
    expect(narrow).toHaveLength(1);
    expect(wide).toHaveLength(1);
    expect(narrow[0]!.height).toBeGreaterThan(narrow[0]!.width);
    expect(wide[0]!.width).toBeGreaterThan(wide[0]!.height);
  });

  it("have sizes browsers accept", () => {
    for (const shot of SCREENSHOTS) {
      for (const side of [shot.width, shot.height]) {
        expect(side).toBeGreaterThanOrEqual(320);
        expect(side).toBeLessThanOrEqual(3840);
      }
      expect(Math.max(shot.width, shot.height) / Math.min(shot.width, shot.height)).toBeLessThanOrEqual(2.3);
      expect(shot.file).toMatch(/^screenshots\/[a-z-]+\.png$/);
    }
  });
});
