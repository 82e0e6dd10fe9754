/**
 * Sound effects and the music loop, synthesised in plain TypeScript and encoded, mono, to Opus
 * (.opus, Ogg) and MP3 with the ffmpeg from npm (lib/encode.ts). Deterministic: the only
 * randomness is seeded.
 *   sounds/click, coin, reward, weekly-reward, purchase, tear   22050 Hz
 *   sounds/common ... sounds/mythic (six rarity tiers, increasingly grand)  22050 Hz
 *   sounds/music-loop   calm ambient loop, 11025 Hz
 * Budget: a player downloads one format; all sounds of one format stay under SOUND_BUDGET_BYTES
 * (issue 11: 300 kB), which the bitrates below are chosen for and generateSounds checks.
 * Run alone: npx tsx assets/scripts/generate-sounds.ts
 */
import { rm } from "node:fs/promises";
import { SOUND_FILES, SOUND_FORMATS, SOUND_NAMES, soundPath, type SoundFormat } from "./artManifest.ts";
import { Buf, bell, biquad, fadeEdges, master, note, noise, reverb, tone, trimTail } from "./lib/dsp.ts";
import { encode } from "./lib/encode.ts";
import { generatedPath, writeGenerated } from "./lib/paths.ts";
import { createRng } from "./lib/rng.ts";
import { isMain } from "./lib/run.ts";

const SR = 22050;
const MUSIC_SR = 11025;

// ------------------------------------------------------------------ instruments

const PLUCK: ReadonlyArray<readonly [number, number, number?]> = [
  [1, 1],
  [2, 0.45, 0.5],
  [3, 0.22, 0.35],
  [4, 0.12, 0.25],
  [5, 0.06, 0.2],
];
const SQUAREISH: ReadonlyArray<readonly [number, number, number?]> = [
  [1, 1],
  [3, 0.33, 0.6],
  [5, 0.2, 0.4],
  [7, 0.14, 0.3],
  [9, 0.1, 0.25],
];
const saw = (n: number): Array<[number, number]> => Array.from({ length: n }, (_, k) => [k + 1, 1 / (k + 1)]);

function pluck(rate: number, f: number, len: number, decay = 0.35): Float32Array {
  return tone(rate, f, len, PLUCK, { attack: 0.004, decay });
}

/** Brass-like chord tone: saw partials, vibrato, filter opening over time. */
function brass(rate: number, f: number, len: number, open = 0.25): Float32Array {
  const x = tone(rate, f, len, saw(14), { attack: 0.06, decay: 99, release: 0.35 }, { vibrato: 0.004, vibratoRate: 5.2 });
  return biquad(x, rate, "lowpass", (t) => 600 + 3200 * Math.min(1, t / open) * Math.exp(-t / (len * 1.2)), 0.9);
}

/** Choir-ish "ah": detuned saws through two formant band-passes. */
function choir(rate: number, f: number, len: number): Float32Array {
  const a = tone(rate, f, len, saw(18), { attack: 0.5, decay: 99, release: 0.8 }, { vibrato: 0.005, vibratoRate: 4.6, detune: 0.003 });
  const b = tone(rate, f, len, saw(18), { attack: 0.6, decay: 99, release: 0.8 }, { vibrato: 0.005, vibratoRate: 5.1, detune: -0.004 });
  const sum = new Float32Array(a.length);
  for (let i = 0; i < a.length; i++) sum[i] = a[i]! + b[i]!;
  const f1 = biquad(Float32Array.from(sum), rate, "bandpass", 750, 2.5);
  const f2 = biquad(Float32Array.from(sum), rate, "bandpass", 1150, 3);
  for (let i = 0; i < sum.length; i++) sum[i] = f1[i]! * 1.2 + f2[i]! * 0.8 + sum[i]! * 0.05;
  return sum;
}

function boom(rate: number, len = 0.9): Float32Array {
  const n = Math.round(len * rate);
  const x = new Float32Array(n);
  let ph = 0;
  for (let i = 0; i < n; i++) {
    const t = i / rate;
    const f = 38 + 70 * Math.exp(-t * 9);
    ph += (2 * Math.PI * f) / rate;
    x[i] = Math.sin(ph) * Math.exp(-t * 4.5) * Math.min(1, t / 0.004);
  }
  const thump = biquad(noise(rate, 0.12, "boom", { attack: 0.001, decay: 0.03 }), rate, "lowpass", 400);
  for (let i = 0; i < thump.length; i++) x[i]! += thump[i]! * 0.6;
  return x;
}

/** Rising filtered-noise whoosh ending at `len`. */
function riser(rate: number, len: number, seed: string): Float32Array {
  const x = noise(rate, len, seed, { attack: len * 0.9, decay: 99, release: 0.03 });
  return biquad(x, rate, "bandpass", (t) => 400 + 5000 * (t / len) ** 2, 1.4);
}

/** Scattered high chimes ("sparkles") over `len` seconds. */
function sparkles(buf: Buf, from: number, len: number, count: number, seed: string, notes: readonly string[], gain = 0.18): void {
  const rng = createRng(seed);
  for (let i = 0; i < count; i++) {
    const at = from + rng.range(0, len);
    const f = note(rng.pick(notes));
    buf.mix(bell(buf.rate, f, 0.35, { ratio: 2.01, index: 0.8, decay: 0.09 }), at, gain * rng.range(0.5, 1));
  }
}

function arpeggio(buf: Buf, at: number, step: number, notes: readonly string[], gain: number, len = 0.9, decay = 0.28): void {
  notes.forEach((n, i) => buf.mix(bell(buf.rate, note(n), len, { ratio: 3.5, index: 1.6, decay }), at + i * step, gain));
}

function chord(buf: Buf, at: number, notes: readonly string[], len: number, gain: number, voice: (f: number, len: number) => Float32Array): void {
  for (const n of notes) buf.mix(voice(note(n), len), at, gain / Math.sqrt(notes.length));
}

function finish(buf: Buf, opts: { wet?: number; room?: number; tail?: number; peak?: number } = {}): Float32Array {
  let x: Float32Array = buf.data;
  if (opts.wet) x = reverb(x, buf.rate, { wet: opts.wet, room: opts.room ?? 0.8, damp: 0.35, tail: opts.tail ?? 1 });
  x = master(x, opts.peak ?? 0.89);
  x = trimTail(x, buf.rate);
  return fadeEdges(x, buf.rate, 0.001, 0.04);
}

// ------------------------------------------------------------------ effects

function click(): Float32Array {
  const b = new Buf(SR, 0.06);
  b.mix(tone(SR, 1750, 0.04, [[1, 1], [2.7, 0.3]], { attack: 0.0008, decay: 0.009 }), 0, 0.8);
  b.mix(biquad(noise(SR, 0.02, "click", { attack: 0.0005, decay: 0.004 }), SR, "highpass", 2500), 0, 0.5);
  return finish(b, { peak: 0.6 });
}

function coin(): Float32Array {
  const b = new Buf(SR, 0.6);
  b.mix(tone(SR, note("B5"), 0.09, SQUAREISH, { attack: 0.002, decay: 0.2, release: 0.01 }), 0, 0.5);
  b.mix(tone(SR, note("E6"), 0.5, SQUAREISH, { attack: 0.002, decay: 0.16 }), 0.075, 0.5);
  b.mix(bell(SR, note("E7"), 0.3, { ratio: 2.01, index: 0.6, decay: 0.06 }), 0.075, 0.15);
  return finish(b, { wet: 0.12, tail: 0.3 });
}

function reward(): Float32Array {
  const b = new Buf(SR, 1.3);
  chord(b, 0, ["C4", "E4", "G4"], 0.9, 0.35, (f, l) => tone(SR, f, l, saw(8), { attack: 0.05, decay: 0.6 }));
  arpeggio(b, 0, 0.075, ["C6", "E6", "G6", "C7"], 0.45);
  sparkles(b, 0.3, 0.6, 6, "reward", ["E7", "G7", "C8"], 0.12);
  return finish(b, { wet: 0.25, tail: 0.8 });
}

function weeklyReward(): Float32Array {
  const b = new Buf(SR, 2.4);
  b.mix(boom(SR, 0.8), 0, 0.5);
  chord(b, 0, ["G3", "B3", "D4", "G4"], 0.28, 0.55, (f, l) => brass(SR, f, l, 0.08));
  chord(b, 0.3, ["C4", "E4", "G4", "C5"], 1.5, 0.7, (f, l) => brass(SR, f, l, 0.3));
  arpeggio(b, 0.3, 0.07, ["C6", "E6", "G6", "C7", "E7", "G7"], 0.35, 1.1, 0.35);
  sparkles(b, 0.5, 1.2, 14, "weekly", ["C7", "E7", "G7", "A7", "C8"], 0.12);
  return finish(b, { wet: 0.3, tail: 1 });
}

function purchase(): Float32Array {
  const b = new Buf(SR, 1.4);
  b.mix(biquad(noise(SR, 0.06, "purchase-ch", { attack: 0.001, decay: 0.02 }), SR, "bandpass", 3200, 1.2), 0, 0.6);
  b.mix(bell(SR, note("E6"), 0.6, { ratio: 2.0, index: 1.2, decay: 0.2 }), 0.03, 0.4);
  b.mix(bell(SR, note("G#6"), 0.9, { ratio: 2.0, index: 1.2, decay: 0.3 }), 0.12, 0.4);
  const rng = createRng("purchase-coins");
  for (let i = 0; i < 7; i++) {
    const at = 0.2 + i * 0.07 + rng.range(0, 0.03);
    b.mix(tone(SR, note(rng.pick(["B5", "C#6", "E6", "F#6"])) * rng.range(0.99, 1.01), 0.18, SQUAREISH, { attack: 0.001, decay: 0.05 }), at, 0.18);
  }
  chord(b, 0.2, ["E5", "G#5", "B5"], 0.9, 0.3, (f, l) => pluck(SR, f, l, 0.4));
  return finish(b, { wet: 0.2, tail: 0.6 });
}

// ------------------------------------------------------------------ rarity tiers

function common(): Float32Array {
  const b = new Buf(SR, 0.6);
  b.mix(pluck(SR, note("G5"), 0.55, 0.18), 0, 0.7);
  return finish(b, { wet: 0.12, tail: 0.3, peak: 0.75 });
}

function uncommon(): Float32Array {
  const b = new Buf(SR, 0.9);
  b.mix(pluck(SR, note("G5"), 0.5, 0.16), 0, 0.6);
  b.mix(bell(SR, note("D6"), 0.7, { ratio: 3.5, index: 1.4, decay: 0.2 }), 0.09, 0.55);
  return finish(b, { wet: 0.16, tail: 0.5, peak: 0.8 });
}

function rare(): Float32Array {
  const b = new Buf(SR, 1.2);
  arpeggio(b, 0, 0.08, ["C6", "E6", "G6"], 0.5, 0.9, 0.3);
  b.mix(pluck(SR, note("C5"), 0.9, 0.4), 0, 0.35);
  sparkles(b, 0.2, 0.5, 5, "rare", ["E7", "G7", "C8"], 0.1);
  return finish(b, { wet: 0.22, tail: 0.8, peak: 0.85 });
}

function epic(): Float32Array {
  const b = new Buf(SR, 1.9);
  b.mix(riser(SR, 0.25, "epic-riser"), 0, 0.25);
  chord(b, 0.25, ["D4", "F#4", "A4", "C#5"], 1.3, 0.55, (f, l) => tone(SR, f, l, saw(10), { attack: 0.03, decay: 0.8, release: 0.3 }, { detune: 0.002 }));
  arpeggio(b, 0.25, 0.075, ["D6", "F#6", "A6", "C#7", "D7"], 0.4, 1, 0.35);
  sparkles(b, 0.4, 0.9, 10, "epic", ["F#7", "A7", "C#8", "D8"], 0.12);
  return finish(b, { wet: 0.28, tail: 1, peak: 0.87 });
}

function legendary(): Float32Array {
  const b = new Buf(SR, 2.7);
  b.mix(riser(SR, 0.35, "legend-riser"), 0, 0.35);
  b.mix(boom(SR), 0.35, 0.8);
  chord(b, 0.35, ["C3", "G3", "C4", "E4", "G4", "C5"], 1.9, 0.9, (f, l) => brass(SR, f, l, 0.35));
  arpeggio(b, 0.4, 0.07, ["C6", "E6", "G6", "C7", "E7", "G7"], 0.35, 1.2, 0.4);
  sparkles(b, 0.5, 1.6, 22, "legendary", ["C7", "E7", "G7", "A7", "C8", "E8"], 0.12);
  return finish(b, { wet: 0.32, tail: 1.2, peak: 0.89 });
}

function mythic(): Float32Array {
  const b = new Buf(SR, 3.6);
  b.mix(riser(SR, 0.5, "mythic-riser"), 0, 0.45);
  b.mix(boom(SR, 1.2), 0.5, 0.9);
  chord(b, 0.5, ["Ab3", "C4", "Eb4", "Ab4"], 0.9, 0.75, (f, l) => brass(SR, f, l, 0.25));
  chord(b, 0.5, ["Ab4", "C5", "Eb5"], 1.0, 0.45, (f, l) => choir(SR, f, l));
  b.mix(boom(SR, 1.2), 1.25, 0.7);
  chord(b, 1.25, ["C3", "G3", "C4", "E4", "G4", "C5", "E5"], 2.1, 1, (f, l) => brass(SR, f, l, 0.4));
  chord(b, 1.25, ["C5", "E5", "G5", "C6"], 2.1, 0.5, (f, l) => choir(SR, f, l));
  arpeggio(b, 1.3, 0.06, ["C6", "E6", "G6", "C7", "E7", "G7", "C8"], 0.32, 1.4, 0.45);
  arpeggio(b, 2.0, 0.06, ["G7", "E7", "C7", "G6", "E6"], 0.22, 1.2, 0.4);
  sparkles(b, 0.6, 2.4, 40, "mythic", ["C7", "D7", "E7", "G7", "A7", "C8", "E8"], 0.12);
  return finish(b, { wet: 0.42, room: 0.86, tail: 1.6, peak: 0.9 });
}

// ------------------------------------------------------------------ music loop

/** Mixes with wrap-around, so anything that runs past the end lands at the start. */
function mixWrap(dst: Float32Array, src: Float32Array, at: number, rate: number, gain: number): void {
  const off = Math.round(at * rate);
  for (let i = 0; i < src.length; i++) dst[(off + i) % dst.length]! += src[i]! * gain;
}

function musicLoop(): Float32Array {
  const rate = MUSIC_SR;
  const bpm = 70;
  const beat = 60 / bpm;
  const bar = beat * 4;
  const bars = 8;
  const total = bar * bars;
  const out = new Float32Array(Math.round(total * rate));
  // Fmaj7 | Am7 | Dm9 | Cmaj9, two bars each.
  const chords: Array<{ pad: string[]; bass: string; arp: string[] }> = [
    { pad: ["F3", "A3", "C4", "E4"], bass: "F2", arp: ["A4", "C5", "E5", "F5", "G5"] },
    { pad: ["E3", "G3", "A3", "C4"], bass: "A2", arp: ["E5", "G5", "A5", "C5", "D5"] },
    { pad: ["F3", "A3", "C4", "E4"], bass: "D2", arp: ["D5", "F5", "A5", "C5", "E5"] },
    { pad: ["E3", "G3", "B3", "D4"], bass: "C2", arp: ["G4", "B4", "D5", "E5", "G5"] },
  ];
  const padVoice = (f: number, len: number, detune: number) =>
    tone(rate, f, len, saw(7), { attack: 1.6, decay: 99, release: 1.8 }, { detune, vibrato: 0.002, vibratoRate: 0.3 });
  const rng = createRng("music");
  chords.forEach((c, ci) => {
    const at = ci * 2 * bar;
    const len = 2 * bar + 1.4; // overlaps into the next chord (and wraps from the last to the first)
    for (const n of c.pad) {
      const f = note(n);
      const a = padVoice(f, len, 0.0025);
      const b = padVoice(f, len, -0.0025);
      const v = new Float32Array(a.length);
      for (let i = 0; i < a.length; i++) v[i] = a[i]! + b[i]!;
      biquad(v, rate, "lowpass", 1400, 0.6);
      mixWrap(out, v, at, rate, 0.055);
    }
    for (let k = 0; k < 2; k++) {
      mixWrap(out, tone(rate, note(c.bass), bar + 0.3, [[1, 1], [2, 0.25]], { attack: 0.25, decay: 99, release: 0.6 }), at + k * bar, rate, 0.1);
    }
    // Sparse bell arpeggio on eighth notes: a fixed rhythm, seeded note choice.
    const rhythm = [0, 1.5, 3, 4.5, 5, 6.5, 7];
    for (const step of rhythm) {
      const t = at + step * beat;
      const n = rng.pick(c.arp);
      const vel = rng.range(0.55, 1);
      mixWrap(out, bell(rate, note(n), 2.2, { ratio: 2.0, index: 0.9, decay: 0.7 }), t, rate, 0.11 * vel);
    }
  });
  // Soft "air": low-passed noise whose level breathes with the loop (whole cycles, so it loops).
  const air = noise(rate, total, "air", { attack: 0, decay: 99, release: 0 });
  biquad(air, rate, "lowpass", 900, 0.5);
  for (let i = 0; i < air.length; i++) out[i]! += air[i]! * 0.02 * (0.6 + 0.4 * Math.sin((2 * Math.PI * 2 * i) / air.length));
  const wet = reverb(out, rate, { wet: 0.4, room: 0.84, damp: 0.4, wrap: true });
  return master(wet, 0.7, 1.05);
}

/** A foil pack torn open (issue 44): a short paper rip, grainy and falling in pitch, with a soft pop. */
function tear(): Float32Array {
  const len = 0.34;
  const b = new Buf(SR, 0.42);
  const x = noise(SR, len, "tear", { attack: 0.008, decay: 0.22, release: 0.04 });
  // Paper rips in grains: the level jumps every ~3 ms.
  const rng = createRng("tear-grain");
  let level = 1;
  for (let i = 0; i < x.length; i++) {
    if (i % 64 === 0) level = 0.2 + 0.8 * rng.next() ** 2;
    x[i]! *= level;
  }
  b.mix(biquad(x, SR, "bandpass", (t) => 3400 - 1900 * (t / len), 0.8), 0, 1);
  b.mix(biquad(noise(SR, 0.06, "tear-pop", { attack: 0.001, decay: 0.025 }), SR, "lowpass", 600), 0.01, 0.5);
  return finish(b, { peak: 0.75 });
}

// ------------------------------------------------------------------ output

const EFFECTS: Record<string, () => Float32Array> = {
  click,
  coin,
  reward,
  "weekly-reward": weeklyReward,
  purchase,
  tear,
  common,
  uncommon,
  rare,
  epic,
  legendary,
  mythic,
};

/** Issue 11: every sound of one format together. */
export const SOUND_BUDGET_BYTES = 300 * 1000;

/**
 * kbit/s per format and kind. Effects are short and bright (22 kHz); the music loop is a soft
 * pad at 11 kHz and the longest file, so it gets the lowest rate.
 */
const BITRATES: Readonly<Record<SoundFormat, { effect: number; music: number }>> = {
  opus: { effect: 40, music: 24 },
  mp3: { effect: 48, music: 32 },
};

export interface GeneratedSounds {
  files: string[];
  bytes: number;
  /** Bytes of all sounds in each format (what a player downloads). */
  bytesPerFormat: Record<SoundFormat, number>;
}

export interface EncodedSound {
  name: string;
  format: SoundFormat;
  /** Path under assets/generated ("sounds/coin.opus"). */
  rel: string;
  data: Buffer;
}

/** Every sound in every format, in memory (the test checks these without touching the disk). */
export async function renderSounds(): Promise<EncodedSound[]> {
  const out: EncodedSound[] = [];
  const sources: Array<[string, Float32Array, number, "effect" | "music"]> = Object.entries(EFFECTS).map(([name, make]) => [name, make(), SR, "effect"]);
  sources.push(["music-loop", musicLoop(), MUSIC_SR, "music"]);
  for (const [name, samples, rate, kind] of sources) {
    for (const format of SOUND_FORMATS) {
      const data = await encode(samples, rate, { format, bitrate: BITRATES[format][kind] });
      out.push({ name, format, rel: soundPath(name, format).slice(1), data });
    }
  }
  return out;
}

export async function generateSounds(): Promise<GeneratedSounds> {
  const sounds = await renderSounds();
  const files = sounds.map((s) => s.rel);
  const expected = new Set(SOUND_FILES);
  if (files.length !== expected.size || files.some((f) => !expected.has(f))) throw new Error("artManifest SOUND_FILES is out of date");
  const bytesPerFormat = { opus: 0, mp3: 0 } as Record<SoundFormat, number>;
  for (const s of sounds) bytesPerFormat[s.format] += s.data.length;
  for (const format of SOUND_FORMATS) {
    if (bytesPerFormat[format] > SOUND_BUDGET_BYTES) throw new Error(`sounds: ${format} totals ${bytesPerFormat[format]} bytes, over the ${SOUND_BUDGET_BYTES} budget`);
  }
  for (const s of sounds) await writeGenerated(s.rel, s.data);
  // Earlier versions wrote WAV (1.4 MB): remove it so a checkout never serves it again.
  for (const name of SOUND_NAMES) await rm(generatedPath(`sounds/${name}.wav`), { force: true });
  return { files, bytes: bytesPerFormat.opus + bytesPerFormat.mp3, bytesPerFormat };
}

if (isMain(import.meta.url)) {
  const t0 = performance.now();
  const { files, bytesPerFormat } = await generateSounds();
  const sizes = SOUND_FORMATS.map((f) => `${f} ${(bytesPerFormat[f] / 1000).toFixed(0)} kB`).join(", ");
  console.log(`sounds: wrote ${files.length} files (${sizes}) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
