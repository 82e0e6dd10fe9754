import { describe, expect, it } from "vitest";
import type { CardDto } from "@contract/cards";
import { points } from "../../../../api/src/game/rarity";
import { SETS } from "../../../../api/src/game/sets";
import { buildCollection, clampGridSize, columnsFor, filterItems, nextRowRange, progressLabel, type RowRange } from "./collectionModel";

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

  describe("rows drawn while the binder scrolls", () => {
    /** Frames until the drawn rows reach the wanted ones, and every slice on the way. */
    const settle = (drawn: RowRange | null, onScreen: RowRange, wanted: RowRange) => {
      const slices: RowRange[] = [];
      for (let frame = 0; frame < 50; frame++) {
        drawn = nextRowRange(drawn, onScreen, wanted);
        slices.push(drawn);
        if (drawn.first === wanted.first && drawn.last === wanted.last) break;
      }
      return slices;
    };

    it("draws every row on screen at once, and the rows around it one more above and below per frame", () => {
      // A flick of two rows: rows 12-15 are on screen, 9-18 wanted, 7-14 drawn.
      const slices = settle({ first: 7, last: 14 }, { first: 12, last: 15 }, { first: 9, last: 18 });
      expect(slices[0]).toEqual({ first: 9, last: 15 });
      expect(slices.slice(1)).toEqual([
        { first: 9, last: 16 },
        { first: 9, last: 17 },
        { first: 9, last: 18 },
      ]);
      for (const slice of slices) expect(slice.first <= 12 && slice.last >= 15, JSON.stringify(slice)).toBe(true);
    });

    it("grows upwards the same way when scrolling back", () => {
      expect(settle({ first: 10, last: 18 }, { first: 9, last: 12 }, { first: 6, last: 15 })).toEqual([
        { first: 9, last: 15 },
        { first: 8, last: 15 },
        { first: 7, last: 15 },
        { first: 6, last: 15 },
      ]);
    });

    it("starts from the screen's rows after a jump, and from them on the first frame", () => {
      expect(nextRowRange({ first: 0, last: 6 }, { first: 400, last: 403 }, { first: 397, last: 406 })).toEqual({ first: 400, last: 403 });
      expect(nextRowRange(null, { first: 0, last: 3 }, { first: 0, last: 6 })).toEqual({ first: 0, last: 3 });
      expect(settle(null, { first: 0, last: 3 }, { first: 0, last: 6 })).toHaveLength(4);
    });

    it("leaves a slice alone once it is the wanted one", () => {
      const wanted = { first: 3, last: 11 };
      expect(nextRowRange(wanted, { first: 6, last: 8 }, wanted)).toEqual(wanted);
    });
  });
});
