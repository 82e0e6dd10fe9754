import { describe, expect, it } from "vitest";
import { etagOf, matchesIfNoneMatch } from "./etag.ts";

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
