import { describe, expect, it } from "vitest";
import { cardImageUrls, largePortraits } from "./cardImages";

describe("a card's pictures", () => {
  it("offers each portrait at 2x for big cards, each 2x before its 1x, so offline (1x only) still finds one", () => {
    const chain = cardImageUrls({ character: "velvetnight2", set: 1, background: "space", finish: "glitch" });
    expect(chain.portraits).toEqual(["/cards/velvetnight2_holo.webp", "/cards/velvetnight2.webp"]);
    expect(largePortraits(chain)).toEqual(["/cards/velvetnight2_holo@2x.webp", "/cards/velvetnight2_holo.webp", "/cards/velvetnight2@2x.webp", "/cards/velvetnight2.webp"]);
    expect(chain.background).toBe("/backgrounds/space.webp");
  });

  it("gives a regular card only its regular art", () => {
    const chain = cardImageUrls({ character: "velvetnight2", set: 1, background: "", finish: "regular" });
    expect(largePortraits(chain)).toEqual(["/cards/velvetnight2@2x.webp", "/cards/velvetnight2.webp"]);
    expect(chain.background).toBeNull();
  });
});
