import { describe, expect, it } from "vitest";
import { playableSoundFormat } from "./soundFormat.ts";

describe("playableSoundFormat", () => {
  it("picks Opus where the browser plays it, MP3 otherwise, none without audio", () => {
    expect(playableSoundFormat(() => "probably")).toBe("opus");
    expect(playableSoundFormat((mime) => (mime.includes("opus") ? "no" : "maybe"))).toBe("mp3");
    expect(playableSoundFormat((mime) => (mime.includes("opus") ? "" : "maybe"))).toBe("mp3");
    expect(playableSoundFormat(() => "")).toBeNull();
  });
});
