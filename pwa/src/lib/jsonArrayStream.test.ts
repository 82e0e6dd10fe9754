import { describe, expect, it } from "vitest";
import { jsonArraySplitter, readJsonArray } from "./jsonArrayStream";

/** The text in pieces of `size` bytes (UTF-8), as a network might deliver it. */
function streamOf(text: string, size: number): Response {
  const bytes = new TextEncoder().encode(text);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += size) controller.enqueue(bytes.slice(i, i + size));
      controller.close();
    },
  });
  return new Response(stream);
}

const CARDS = Array.from({ length: 300 }, (_, i) => ({
  id: i,
  character: i % 7 === 0 ? 'tricky "},{" [name], with \\ and ✨ and 😀' : `char${i}`,
  background: i % 3 ? "" : "cyber",
  isHolo: i % 2 === 0,
  nested: { a: [1, { b: "]" }], c: null },
  points: i * 1.5,
}));

describe("a JSON array read a slice at a time", () => {
  it("gives the same elements as JSON.parse, whatever the chunks' sizes (cut inside strings, escapes and multi-byte characters)", async () => {
    const text = JSON.stringify(CARDS);
    for (const size of [1, 2, 3, 7, 64, 1000, text.length * 4]) {
      expect(await readJsonArray(streamOf(text, size))).toEqual(CARDS);
    }
  });

  it("reads an empty array and whitespace around the elements", async () => {
    expect(await readJsonArray(streamOf("[]", 1))).toEqual([]);
    expect(await readJsonArray(streamOf(' [ {"a":1} ,\n {"a":2} ] ', 3))).toEqual([{ a: 1 }, { a: 2 }]);
    expect(await readJsonArray(streamOf("[1,2,3]", 1))).toEqual([1, 2, 3]);
  });

  it("refuses what is not a whole JSON array", async () => {
    await expect(readJsonArray(streamOf('{"error":"x"}', 4))).rejects.toThrow(SyntaxError);
    await expect(readJsonArray(streamOf('[{"a":1},{"a":', 4))).rejects.toThrow(SyntaxError);
    await expect(readJsonArray(streamOf('[{"a":1}] x', 4))).rejects.toThrow(SyntaxError);
  });

  it("hands out complete elements as soon as their text has arrived", () => {
    const splitter = jsonArraySplitter();
    expect(splitter.feed('[{"a":"x,')).toBe("");
    expect(splitter.feed('y"},{"a"')).toBe('{"a":"x,y"}');
    expect(splitter.feed(":2}]")).toBe('{"a":2}');
    splitter.finish();
  });
});
