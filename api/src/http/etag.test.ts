import { describe, expect, it } from "vitest";
import { etagOf, matchesIfNoneMatch, taggedJsonArray } from "./etag.ts";

describe("entity tags", () => {
  it("tags the same JSON alike and different JSON apart", () => {
    expect(etagOf("[1,2]")).toBe(etagOf("[1,2]"));
    expect(etagOf("[1,2]")).not.toBe(etagOf("[1,2,3]"));
  });

  it("matches If-None-Match lists, weak tags and '*', nothing without the header", () => {
    const tag = etagOf("[]");
    expect(matchesIfNoneMatch(tag, tag)).toBe(true);
    expect(matchesIfNoneMatch(`"other", ${tag}`, tag)).toBe(true);
    expect(matchesIfNoneMatch(tag.slice(2), tag)).toBe(true);
    expect(matchesIfNoneMatch("*", tag)).toBe(true);
    expect(matchesIfNoneMatch('"other"', tag)).toBe(false);
    expect(matchesIfNoneMatch(undefined, tag)).toBe(false);
  });
});

describe("taggedJsonArray", () => {
  async function* pagesOf<T>(...pages: T[][]) {
    for (const page of pages) yield page;
  }
  const present = (n: number) => ({ n, label: `card "${n}"` });

  it("builds the same JSON and tag as the whole list at once, whatever the pages (empty ones too)", async () => {
    const all = [1, 2, 3, 4, 5, 6, 7];
    const whole = JSON.stringify(all.map(present));
    for (const pages of [[all], [[1], [2, 3], [], [4, 5, 6, 7]], [[], [1, 2, 3, 4, 5, 6], [7], []]]) {
      expect(await taggedJsonArray(pagesOf(...pages), present)).toEqual({ json: whole, etag: etagOf(whole) });
    }
  });

  it("gives '[]' and its tag for no items", async () => {
    expect(await taggedJsonArray(pagesOf<number>(), present)).toEqual({ json: "[]", etag: etagOf("[]") });
    expect(await taggedJsonArray(pagesOf<number>([], []), present)).toEqual({ json: "[]", etag: etagOf("[]") });
  });
});
