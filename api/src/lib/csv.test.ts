import { describe, expect, it } from "vitest";
import { csvField, csvLine } from "./csv.ts";

describe("csv", () => {
  it("quotes commas, quotes and line breaks, and doubles quotes", () => {
    expect(csvLine(["a,b", 'say "hi"', "two\nlines", 3, true, null])).toBe('"a,b","say ""hi""","two\nlines",3,true,\r\n');
  });
  it("keeps a formula-looking text as text", () => {
    expect(csvField("=1+1")).toBe("'=1+1");
    expect(csvField("-5")).toBe("'-5");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField(-5)).toBe("-5");
    expect(csvField("plain")).toBe("plain");
  });
});
