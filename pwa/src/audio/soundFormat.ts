import { SOUND_FORMATS, type SoundFormat } from "../../../assets/scripts/artManifest.ts";

const MIME: Readonly<Record<SoundFormat, string>> = {
  opus: 'audio/ogg; codecs="opus"',
  mp3: "audio/mpeg",
};

/**
 * The format howler will pick in this browser: the first of SOUND_FORMATS the browser says it can
 * play (the same canPlayType test howler runs), without loading howler. Null without audio.
 */
export function playableSoundFormat(canPlay: (mime: string) => string = browserCanPlay): SoundFormat | null {
  return SOUND_FORMATS.find((format) => canPlay(MIME[format]).replace(/^no$/, "") !== "") ?? null;
}

function browserCanPlay(mime: string): string {
  if (typeof Audio === "undefined") return "";
  try {
    return new Audio().canPlayType(mime);
  } catch {
    return "";
  }
}
