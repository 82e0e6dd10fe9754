import { describe, expect, it } from "vitest";
import { SOUND_FORMATS, SOUND_NAMES } from "./artManifest.ts";
import { renderSounds, SOUND_BUDGET_BYTES } from "./generate-sounds.ts";

// The sounds a player downloads: every effect and the music, in Opus and in MP3, within the
// issue 11 budget per format (a browser fetches one format, never both).
describe("generated sounds", async () => {
  const sounds = await renderSounds();

  it("writes every sound in Opus (Ogg) and MP3, and no WAV", () => {
    expect(sounds.map((s) => s.rel).sort()).toEqual(SOUND_NAMES.flatMap((n) => SOUND_FORMATS.map((f) => `sounds/${n}.${f}`)).sort());
    for (const s of sounds) {
      if (s.format === "opus") {
        expect(s.data.subarray(0, 4).toString("latin1"), s.rel).toBe("OggS");
        expect(s.data.subarray(28, 36).toString("latin1"), s.rel).toBe("OpusHead");
      } else {
        // An MPEG audio frame sync (11 set bits) with layer III, no ID3 tag in front.
        expect(s.data[0], s.rel).toBe(0xff);
        expect(s.data[1]! & 0xe6, s.rel).toBe(0xe2);
      }
    }
  });

  it("keeps all sounds of one format within 300 kB, and every file non-trivial", () => {
    for (const format of SOUND_FORMATS) {
      const ofFormat = sounds.filter((s) => s.format === format);
      const total = ofFormat.reduce((sum, s) => sum + s.data.length, 0);
      expect(total, format).toBeLessThanOrEqual(SOUND_BUDGET_BYTES);
      expect(SOUND_BUDGET_BYTES).toBe(300_000);
      for (const s of ofFormat) expect(s.data.length, s.rel).toBeGreaterThan(200);
    }
  });
});
