import { characterName } from "../../../../api/src/game/characterNames";
import { describe, expect, it } from "vitest";
import type { PulledCardDto } from "@contract/cards";
import { setById } from "../../../../api/src/game/sets";
import { canAfford, canOpenAnother, cardLabel, celebrationOf, fairPacksLabel, formatRate, fundsProblem, highestTierOf, revealCardsOf, revealTitle, shortfallText, tierRates } from "./packRules";

const card = (over: Partial<PulledCardDto>): PulledCardDto => ({
  id: 1,
  userId: 1,
  character: "velvetnight1",
  background: "",
  set: 1,
  isHolo: false,
  isGlitch: false,
  isDarkHolo: false,
  points: 0,
  tier: "Common",
  openedAt: "2026-01-01T00:00:00.000Z",
  isNew: false,
  ...over,
});

describe("pack screen rules", () => {
  it("shows SPEC.md's displayed rates for Velvet Night, rarest last", () => {
    expect(tierRates(1).map((r) => `${r.tier} ${formatRate(r.percent)}`)).toEqual([
      "Common 83.25%",
      "Uncommon 9.25%",
      "Rare 4.8%",
      "Epic 2%",
      "Legendary 0.65%",
      "Mythic 0.05%",
    ]);
    expect(tierRates(6).map((r) => formatRate(r.percent))).toEqual(["83.205%", "9.545%", "4.76%", "2.1%", "0.375%", "0.015%"]);
  });

  it("says what ten packs still need, in the pack's currency (issue 44: 'Open 10' says why)", () => {
    const cowgirl = setById(4); // 3 coins a pack
    const sharkbite = setById(7); // 5 gems a pack
    expect(shortfallText({ coins: 10, gems: 0 }, cowgirl, 10)).toBe("Need 20 more coins");
    expect(shortfallText({ coins: 29, gems: 0 }, cowgirl, 10)).toBe("Need 1 more coin");
    expect(shortfallText({ coins: 30, gems: 0 }, cowgirl, 10)).toBeNull();
    expect(shortfallText({ coins: 999, gems: 45 }, sharkbite, 10)).toBe("Need 5 more gems");
    expect(shortfallText({ coins: 0, gems: 0 }, sharkbite, 10)).toBe("Need 50 more gems");
    expect(shortfallText({ coins: 0, gems: 0 }, setById(1))).toBe("Need 1 more coin");
  });

  it("blocks a pack the wallet cannot pay for, in the pack's own currency", () => {
    const sharkbite = setById(7);
    const cowgirl = setById(4);
    expect(canAfford({ coins: 100, gems: 4 }, sharkbite)).toBe(false);
    expect(fundsProblem({ coins: 100, gems: 4 }, sharkbite)).toBe("Not enough gems to open this pack");
    expect(fundsProblem({ coins: 0, gems: 5 }, sharkbite)).toBeNull();
    expect(fundsProblem({ coins: 2, gems: 50 }, cowgirl)).toBe("Not enough coins to open this pack");
    // SPEC.md: at least 1 coin, whatever the pack costs (the server answers a pack it cannot pay).
    expect(canOpenAnother({ coins: 3, gems: 0 }, cowgirl)).toBe(true);
    expect(canOpenAnother({ coins: 1, gems: 0 }, cowgirl)).toBe(true);
    expect(canOpenAnother({ coins: 1, gems: 0 }, sharkbite)).toBe(true);
    expect(canOpenAnother({ coins: 1, gems: 0 }, setById(1))).toBe(true);
    expect(canOpenAnother({ coins: 0, gems: 50 }, sharkbite)).toBe(false);
    expect(canOpenAnother({ coins: 0, gems: 0 }, setById(1))).toBe(false);
  });

  it("titles one pack, or the number of packs when more than 3 cards came", () => {
    expect(revealTitle(setById(1), 3)).toBe("Velvet Night Pack Opened!");
    expect(revealTitle(setById(3), 9)).toBe("3 Winterlust Packs Opened!");
  });

  it("reveals the best card first, with the engine's tier and points, and names it for screen readers", () => {
    // velvetnight6 holo is the set's rarest entry; velvetnight3 regular its most common.
    const cards = revealCardsOf([
      card({ id: 1, character: "velvetnight3", isNew: false }),
      card({ id: 2, character: "velvetnight6", isHolo: true, isNew: true }),
      card({ id: 3, character: "velvetnight1" }),
    ]);
    expect(cards.map((c) => c.key)).toEqual(["2", "3", "1"]);
    expect(cards[0]!.tier).toBe("Mythic");
    expect(highestTierOf(cards)).toBe("Mythic");
    expect(highestTierOf([])).toBe("Common");
    expect(cardLabel(cards[0]!)).toBe(`${characterName("velvetnight6")}, Velvet Night #6, Holo, Mythic, ${cards[0]!.points.toLocaleString("en-US")} points, NEW!`);
    expect(cardLabel(cards[2]!)).toMatch(new RegExp(`^${characterName("velvetnight3")}, Velvet Night #3, Common, \\d+ points$`));
  });
});

describe("the full-screen celebration", () => {
  const pack = [{ tier: "Mythic" as const }, { tier: "Rare" as const }, { tier: "Legendary" as const }];
  it("starts when a Legendary or Mythic has turned, in the colour of the best turned so far", () => {
    expect(celebrationOf(pack, 0)).toBeNull();
    expect(celebrationOf(pack, 1)).toBe("Mythic");
    expect(celebrationOf([{ tier: "Rare" }, { tier: "Legendary" }], 1)).toBeNull();
    expect(celebrationOf([{ tier: "Rare" }, { tier: "Legendary" }], 2)).toBe("Legendary");
    expect(celebrationOf([{ tier: "Epic" }, { tier: "Common" }], 2)).toBeNull();
  });
});

describe("the reveal's fair-play line", () => {
  it("names the pack, or the range of a bulk open", () => {
    expect(fairPacksLabel([4])).toBe("pack #4 of your seed");
    expect(fairPacksLabel([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])).toBe("packs #0-#9 of your seed");
  });
});
