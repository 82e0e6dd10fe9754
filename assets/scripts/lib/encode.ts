/**
 * Encodes synthesised mono samples to Opus (in Ogg) and MP3 with the static ffmpeg shipped in the
 * npm package @ffmpeg-installer/ffmpeg, so no system tool is needed. Bit-exact flags keep the
 * output deterministic (no random Ogg serial numbers, no encoder tags), which keeps the files
 * stable across runs.
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";

export type AudioFormat = "opus" | "mp3";

function ffmpegPath(): string {
  const require = createRequire(import.meta.url);
  return (require("@ffmpeg-installer/ffmpeg") as { path: string }).path;
}

/** The ffmpeg version string, part of the sound generator's stamp (a new ffmpeg, new files). */
export function ffmpegVersion(): string {
  try {
    const require = createRequire(import.meta.url);
    return (require("@ffmpeg-installer/ffmpeg") as { version?: string }).version ?? "unknown";
  } catch {
    return "unknown";
  }
}

export interface EncodeOptions {
  format: AudioFormat;
  /** kbit/s. */
  bitrate: number;
}

export function encode(samples: Float32Array, rate: number, opts: EncodeOptions): Promise<Buffer> {
  const codec =
    opts.format === "opus"
      ? // VBR Opus tuned for music; 20 ms frames. Ogg, so the file plays in <audio> and decodeAudioData.
        ["-c:a", "libopus", "-b:a", `${opts.bitrate}k`, "-vbr", "on", "-application", "audio", "-f", "ogg"]
      : // Constant bitrate MP3 at the source rate (MPEG-2 layer III for 22 kHz), no ID3 or Xing tags.
        ["-c:a", "libmp3lame", "-b:a", `${opts.bitrate}k`, "-write_xing", "0", "-id3v2_version", "0", "-f", "mp3"];
  const args = [
    "-hide_banner", "-loglevel", "error", "-nostdin",
    "-f", "f32le", "-ar", String(rate), "-ac", "1", "-i", "pipe:0",
    "-map_metadata", "-1", "-fflags", "+bitexact", "-flags:a", "+bitexact",
    ...codec, "pipe:1",
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), args, { stdio: ["pipe", "pipe", "pipe"] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (c: Buffer) => out.push(c));
    child.stderr.on("data", (c: Buffer) => err.push(c));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new Error(`ffmpeg ${opts.format} failed (${code}): ${Buffer.concat(err).toString().trim()}`));
    });
    const pcm = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
    child.stdin.on("error", () => undefined); // a failed ffmpeg closes its input; "close" reports why
    child.stdin.end(pcm);
  });
}
