import { describe, expect, it } from "vitest";
import { cleanChatText, hasVisibleCharacter, isMalformedText, isSaneDate } from "./text.ts";

describe("text the game accepts", () => {
  it("refuses NUL, other controls and lone surrogates; keeps tabs, line breaks, emoji and accents", () => {
    for (const bad of ["a\u0000b", "\u0007", "\u007f", "\u0085", "\ud800", "x\udc00", "\udc00\ud800"]) expect(isMalformedText(bad), JSON.stringify(bad)).toBe(true);
    for (const good of ["hello", "tab\there", "two\nlines\r\n", "Zoë 🎴 👩‍👩‍👧", "日本語", "\u001b[31m"]) expect(isMalformedText(good), good).toBe(false);
  });

  it("chat drops terminal escapes and direction controls, and caps piled-up marks", () => {
    expect(cleanChatText("\u001b[31mred\u001b[0m text")).toBe("red text");
    expect(cleanChatText("\u001b]0;title\u0007hi")).toBe("hi");
    expect(cleanChatText("abc\u202Egnp.exe")).toBe("abcgnp.exe");
    expect(cleanChatText("\u2066x\u2069\u200F")).toBe("x");
    expect(cleanChatText("a" + "\u0301".repeat(499))).toBe("a\u0301\u0301\u0301");
    expect(cleanChatText("  café  ")).toBe("café");
  });

  it("a message needs something visible", () => {
    for (const blank of ["\u200b\u200b", "\u2800", "\u3164\u3164", "\u0301".repeat(5), " \u00a0\u2003", "\ufeff", ""]) {
      expect(hasVisibleCharacter(blank), JSON.stringify(blank)).toBe(false);
    }
    for (const seen of ["a", "🎴", ".", "日", "\u200bx"]) expect(hasVisibleCharacter(seen), seen).toBe(true);
  });

  it("dates from 2000 to 9999 only", () => {
    expect(isSaneDate(new Date("2026-11-25T00:00:00Z"))).toBe(true);
    for (const d of ["0000-01-01", "-000001-01-01T00:00:00Z", "+200000-01-01T00:00:00Z", "1969-12-31"]) expect(isSaneDate(new Date(d)), d).toBe(false);
  });
});
