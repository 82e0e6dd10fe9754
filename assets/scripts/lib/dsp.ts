/**
 * A tiny deterministic synthesiser in plain TypeScript: band-limited additive oscillators,
 * FM bells, envelopes, seeded noise, biquad filters, a Freeverb-style reverb and a WAV writer.
 * No system tools, no native modules: `npm run assets` works anywhere Node runs.
 */
import { createRng } from "./rng.ts";

export class Buf {
  readonly data: Float32Array;
  constructor(
    readonly rate: number,
    seconds: number,
  ) {
    this.data = new Float32Array(Math.max(1, Math.round(seconds * rate)));
  }
  get seconds(): number {
    return this.data.length / this.rate;
  }
  /** Adds `src` (same rate) starting at `at` seconds, scaled by `gain`. */
  mix(src: Float32Array, at: number, gain = 1): this {
    const off = Math.round(at * this.rate);
    const n = Math.min(src.length, this.data.length - off);
    for (let i = Math.max(0, -off); i < n; i++) this.data[off + i]! += src[i]! * gain;
    return this;
  }
}

export const midiHz = (m: number) => 440 * Math.pow(2, (m - 69) / 12);

const NOTE: Record<string, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };
/** "C4", "F#5", "Bb3" -> frequency in Hz. */
export function note(name: string): number {
  const m = /^([A-G])([#b]?)(-?\d)$/.exec(name);
  if (!m) throw new Error(`bad note ${name}`);
  const semis = NOTE[m[1]!]! + (m[2] === "#" ? 1 : m[2] === "b" ? -1 : 0);
  return midiHz(12 * (Number(m[3]) + 1) + semis);
}

export interface Env {
  attack: number;
  /** Exponential decay time constant (s) after the attack; Infinity for a sustained tone. */
  decay: number;
  /** Linear release at the end of the note (s). */
  release?: number;
}

/** Envelope value at time t within a note of length `len`. */
function envAt(e: Env, t: number, len: number): number {
  let v = t < e.attack ? t / Math.max(e.attack, 1e-6) : Math.exp(-(t - e.attack) / e.decay);
  if (e.attack > 0 && t < e.attack) v = Math.sin((t / e.attack) * (Math.PI / 2)) ** 2;
  const rel = e.release ?? 0.02;
  if (t > len - rel) v *= Math.max(0, (len - t) / rel);
  return v;
}

/**
 * Additive tone: partials as [ratio, amplitude, decayScale?]; partials above Nyquist are
 * dropped (band-limited). decayScale < 1 makes upper partials fade faster, like real strings.
 */
export function tone(
  rate: number,
  freq: number,
  len: number,
  partials: ReadonlyArray<readonly [number, number, number?]>,
  env: Env,
  opts: { vibrato?: number; vibratoRate?: number; detune?: number; glide?: number } = {},
): Float32Array {
  const n = Math.round(len * rate);
  const out = new Float32Array(n);
  const nyq = rate / 2 - 200;
  const use = partials.filter(([r]) => freq * r * (1 + Math.abs(opts.glide ?? 0)) < nyq);
  const phases = new Float64Array(use.length);
  const ratios = Float64Array.from(use, ([r]) => r);
  // Per-partial amplitude, decayed multiplicatively each sample (cheaper than exp per sample).
  const amps = Float64Array.from(use, ([, a]) => a);
  const fall = Float64Array.from(use, ([, , ds]) => (ds === undefined ? 1 : Math.exp(-1 / (rate * Math.max(1e-3, env.decay * ds)))));
  const dt = 1 / rate;
  const w0 = 2 * Math.PI * freq * (1 + (opts.detune ?? 0)) * dt;
  for (let i = 0; i < n; i++) {
    const t = i * dt;
    const vib = opts.vibrato ? 1 + opts.vibrato * Math.sin(2 * Math.PI * (opts.vibratoRate ?? 5) * t) * Math.min(1, t * 3) : 1;
    const glide = opts.glide ? 1 + opts.glide * Math.exp(-t * 18) : 1;
    const w = w0 * vib * glide;
    const e = envAt(env, t, len);
    let s = 0;
    for (let k = 0; k < ratios.length; k++) {
      phases[k] = phases[k]! + w * ratios[k]!;
      s += amps[k]! * Math.sin(phases[k]!);
      amps[k] = amps[k]! * fall[k]!;
    }
    out[i] = s * e;
  }
  return out;
}

/** Two-operator FM bell (inharmonic ratio gives a glassy chime). */
export function bell(rate: number, freq: number, len: number, opts: { ratio?: number; index?: number; decay?: number } = {}): Float32Array {
  const n = Math.round(len * rate);
  const out = new Float32Array(n);
  const ratio = opts.ratio ?? 3.5;
  const index = opts.index ?? 2.2;
  const decay = opts.decay ?? len / 4;
  if (freq * ratio * 2 > rate / 2) {
    // Modulator would alias: fall back to a sine with a soft overtone.
    return tone(rate, freq, len, [[1, 1], [2, 0.2, 0.5]], { attack: 0.002, decay });
  }
  for (let i = 0; i < n; i++) {
    const t = i / rate;
    const e = Math.min(1, t / 0.002) * Math.exp(-t / decay);
    const mi = index * Math.exp(-t / (decay * 0.6));
    const m = Math.sin(2 * Math.PI * freq * ratio * t) * mi;
    out[i] = Math.sin(2 * Math.PI * freq * t + m) * e;
    const rel = 0.01;
    if (t > len - rel) out[i]! *= (len - t) / rel;
  }
  return out;
}

/** Seeded white noise with an envelope. */
export function noise(rate: number, len: number, seed: string, env: Env): Float32Array {
  const rng = createRng(seed);
  const n = Math.round(len * rate);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = (rng.next() * 2 - 1) * envAt(env, i / rate, len);
  return out;
}

export type FilterType = "lowpass" | "highpass" | "bandpass";

/** RBJ biquad, in place. `freq` may be a function of time for sweeps. */
export function biquad(x: Float32Array, rate: number, type: FilterType, freq: number | ((t: number) => number), q = 0.707): Float32Array {
  let x1 = 0;
  let x2 = 0;
  let y1 = 0;
  let y2 = 0;
  let b0 = 0;
  let b1 = 0;
  let b2 = 0;
  let a1 = 0;
  let a2 = 0;
  const coeffs = (f: number) => {
    const w = (2 * Math.PI * Math.min(f, rate * 0.45)) / rate;
    const cos = Math.cos(w);
    const alpha = Math.sin(w) / (2 * q);
    const a0 = 1 + alpha;
    if (type === "lowpass") {
      b0 = (1 - cos) / 2 / a0;
      b1 = (1 - cos) / a0;
      b2 = b0;
    } else if (type === "highpass") {
      b0 = (1 + cos) / 2 / a0;
      b1 = -(1 + cos) / a0;
      b2 = b0;
    } else {
      b0 = alpha / a0;
      b1 = 0;
      b2 = -alpha / a0;
    }
    a1 = (-2 * cos) / a0;
    a2 = (1 - alpha) / a0;
  };
  const dynamic = typeof freq === "function";
  if (!dynamic) coeffs(freq);
  for (let i = 0; i < x.length; i++) {
    if (dynamic && i % 32 === 0) coeffs(freq(i / rate));
    const xi = x[i]!;
    const y = b0 * xi + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
    x2 = x1;
    x1 = xi;
    y2 = y1;
    y1 = y;
    x[i] = y;
  }
  return x;
}

/**
 * Freeverb-style reverb (8 damped combs + 4 allpasses). Returns dry + wet; when `wrap` is
 * true the tail that runs past the end is folded back onto the start, for seamless loops.
 */
export function reverb(x: Float32Array, rate: number, opts: { room?: number; damp?: number; wet?: number; wrap?: boolean; tail?: number } = {}): Float32Array {
  const room = opts.room ?? 0.82;
  const damp = opts.damp ?? 0.3;
  const wet = opts.wet ?? 0.3;
  const scale = rate / 44100;
  const combs = [1116, 1188, 1277, 1356, 1422, 1491, 1557, 1617].map((l) => Math.max(8, Math.round(l * scale)));
  const alls = [556, 441, 341, 225].map((l) => Math.max(4, Math.round(l * scale)));
  const tail = opts.wrap ? x.length : Math.round((opts.tail ?? 1.5) * rate);
  const total = x.length + tail;
  const input = (i: number) => (opts.wrap ? x[i % x.length]! : i < x.length ? x[i]! : 0);
  // For a loop, run the input twice so the reverb reaches its steady state, keep the second pass.
  const passes = opts.wrap ? 2 : 1;
  const len = opts.wrap ? x.length * passes : total;
  const outWet = new Float32Array(len);
  const cBuf = combs.map((l) => new Float32Array(l));
  const cIdx = combs.map(() => 0);
  const cStore = combs.map(() => 0);
  const aBuf = alls.map((l) => new Float32Array(l));
  const aIdx = alls.map(() => 0);
  for (let i = 0; i < len; i++) {
    const inp = input(i) * 0.015;
    let s = 0;
    for (let c = 0; c < combs.length; c++) {
      const buf = cBuf[c]!;
      const idx = cIdx[c]!;
      const y = buf[idx]!;
      cStore[c] = y * (1 - damp) + cStore[c]! * damp;
      buf[idx] = inp + cStore[c]! * room;
      cIdx[c] = (idx + 1) % buf.length;
      s += y;
    }
    for (let a = 0; a < alls.length; a++) {
      const buf = aBuf[a]!;
      const idx = aIdx[a]!;
      const bo = buf[idx]!;
      buf[idx] = s + bo * 0.5;
      s = bo - s;
      aIdx[a] = (idx + 1) % buf.length;
    }
    outWet[i] = s;
  }
  if (opts.wrap) {
    const out = new Float32Array(x.length);
    for (let i = 0; i < x.length; i++) out[i] = x[i]! + outWet[x.length + i]! * wet * 3;
    return out;
  }
  const out = new Float32Array(total);
  for (let i = 0; i < total; i++) out[i] = (i < x.length ? x[i]! : 0) + outWet[i]! * wet * 3;
  return out;
}

/**
 * Normalises to full scale, applies a gentle tanh saturation (glues layered sounds without
 * audible distortion) and scales to `peak` (linear). DC is removed first.
 */
export function master(x: Float32Array, peak = 0.89, drive = 1.2): Float32Array {
  let mean = 0;
  for (let i = 0; i < x.length; i++) mean += x[i]!;
  mean /= x.length;
  let max = 0;
  for (let i = 0; i < x.length; i++) {
    x[i]! -= mean;
    max = Math.max(max, Math.abs(x[i]!));
  }
  const pre = max > 0 ? 1 / max : 1;
  const norm = Math.tanh(drive);
  let max2 = 0;
  for (let i = 0; i < x.length; i++) {
    x[i] = Math.tanh(x[i]! * pre * drive) / norm;
    max2 = Math.max(max2, Math.abs(x[i]!));
  }
  const g = max2 > 0 ? peak / max2 : 1;
  for (let i = 0; i < x.length; i++) x[i]! *= g;
  return x;
}

/** Short fades at both ends (avoid clicks); not for loops. */
export function fadeEdges(x: Float32Array, rate: number, inS = 0.002, outS = 0.03): Float32Array {
  const a = Math.round(inS * rate);
  const b = Math.round(outS * rate);
  for (let i = 0; i < a && i < x.length; i++) x[i]! *= i / a;
  for (let i = 0; i < b && i < x.length; i++) x[x.length - 1 - i]! *= i / b;
  return x;
}

/** Trims trailing near-silence (keeps 20 ms after the last sample above the threshold). */
export function trimTail(x: Float32Array, rate: number, threshold = 0.002): Float32Array {
  let end = x.length - 1;
  while (end > 0 && Math.abs(x[end]!) < threshold) end--;
  return x.slice(0, Math.min(x.length, end + Math.round(0.02 * rate)));
}

/** Mono WAV file, 16-bit (or 8-bit unsigned) PCM, with deterministic TPDF dither. */
export function wav(x: Float32Array, rate: number, bits: 8 | 16 = 16): Buffer {
  const bytes = bits / 8;
  const dataLen = x.length * bytes;
  const buf = Buffer.alloc(44 + dataLen);
  buf.write("RIFF", 0, "ascii");
  buf.writeUInt32LE(36 + dataLen, 4);
  buf.write("WAVE", 8, "ascii");
  buf.write("fmt ", 12, "ascii");
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(1, 22);
  buf.writeUInt32LE(rate, 24);
  buf.writeUInt32LE(rate * bytes, 28);
  buf.writeUInt16LE(bytes, 32);
  buf.writeUInt16LE(bits, 34);
  buf.write("data", 36, "ascii");
  buf.writeUInt32LE(dataLen, 40);
  const rng = createRng("dither");
  const full = bits === 16 ? 32767 : 127;
  for (let i = 0; i < x.length; i++) {
    const d = (rng.next() - rng.next()) * 0.5;
    const v = Math.max(-full - 1, Math.min(full, Math.round(x[i]! * full + d)));
    if (bits === 16) buf.writeInt16LE(v, 44 + i * 2);
    else buf.writeUInt8(v + 128, 44 + i);
  }
  return buf;
}
