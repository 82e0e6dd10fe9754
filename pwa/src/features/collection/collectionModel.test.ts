import { describe, expect, it } from "vitest";
import type { CardDto } from "@contract/cards";
import { points } from "../../../../api/src/game/rarity";
import { SETS } from "../../../../api/src/game/sets";
import { buildCollection, clampGridSize, columnsFor, filterItems, progressLabel } from "./collectionModel";

let nextId = 1;
function card(set: number, n: number, finish: "regular" | "holo" | "glitch" | "darkHolo" = "regular", background = ""): CardDto {
  const c = { character: SETS[set - 1]!.characters[n]!, set, background, isHolo: finish === "holo", isGlitch: finish === "glitch", isDarkHolo: finish === "darkHolo" };
  return { ...c, id: nextId++, userId: 1, points: points(c), tier: "Common", openedAt: new Date().toISOString() };
}

const TOTAL_ENTRIES = SETS.reduce((n, s) => n + s.characters.length * 2, 0);

describe("the collection binder", () => {
  it("an empty collection is every catalogue entry, missing, and 0% everywhere", () => {
    const model = buildCollection([]);
    expect(TOTAL_ENTRIES).toBe(128);
    expect(model.items).toHaveLength(128);
    expect(model.items.every((i) => !i.owned && i.count === 0)).toBe(true);
    expect(model.totalPoints).toBe(0);
    expect(model.ownedSets).toEqual([]);
    expect(progressLabel(model.progress[0]!)).toBe("Velvet Night: 0/12 • 0%");
  });

  it("groups copies with their count, sums points over every copy, and fills entries", () => {
    const cards = [card(1, 0), card(1, 0), card(1, 0), card(1, 1, "holo"), card(4, 2, "regular", "space")];
    const model = buildCollection(cards);
    const first = model.items.find((i) => i.owned && i.character === "velvetnight1")!;
    expect(first.count).toBe(3);
    expect(first.sample?.id).toBe(cards[2]!.id);
    expect(model.totalPoints).toBe(cards.reduce((s, c) => s + c.points, 0));
    expect(model.cardCount).toBe(5);
    expect(model.progress.find((p) => p.set === 1)).toMatchObject({ collected: 2, total: 12, percent: 17 });
    expect(model.ownedSets).toEqual([1, 4]);
    // 128 entries, of which 3 are filled: the binder holds 125 missing tiles and 3 owned kinds.
    expect(model.items.filter((i) => !i.owned)).toHaveLength(125);
    expect(model.items.filter((i) => i.owned)).toHaveLength(3);
  });

  it("glitch and dark holo cards fill the holo entry, each shown as its own kind", () => {
    const model = buildCollection([card(2, 0, "glitch", "red"), card(2, 0, "darkHolo")]);
    const kinds = model.items.filter((i) => i.set === 2 && i.character === "bathhouse1");
    // The regular entry is missing; the holo entry is filled by both shiny kinds, strongest first.
    expect(kinds.map((i) => [i.owned, i.finish])).toEqual([
      [false, "regular"],
      [true, "darkHolo"],
      [true, "glitch"],
    ]);
    expect(model.progress.find((p) => p.set === 2)!.collected).toBe(1);
  });

  it("filters by set and by collected or missing, and keeps binder order", () => {
    const model = buildCollection([card(3, 0), card(3, 5, "holo")]);
    expect(filterItems(model.items, 3, "collected").map((i) => i.character)).toEqual(["winterlust1", "winterlust6"]);
    expect(filterItems(model.items, 3, "missing")).toHaveLength(28 - 2);
    expect(filterItems(model.items, "all", "all")).toHaveLength(128);
    expect(filterItems(model.items, 5, "collected")).toEqual([]);
  });

  it("grid sizes clamp to 1-5, and bigger numbers mean more, smaller cards", () => {
    expect([clampGridSize(0), clampGridSize(9), clampGridSize("4"), clampGridSize("x")]).toEqual([1, 5, 4, 3]);
    const widths = [1, 2, 3, 4, 5].map((s) => columnsFor(1200, clampGridSize(s), 12));
    expect(widths).toEqual([...widths].sort((a, b) => a - b));
    // On a phone every size is its own number of columns.
    expect([1, 2, 3, 4, 5].map((s) => columnsFor(358, clampGridSize(s), 8))).toEqual([1, 2, 3, 4, 5]);
  });
});
