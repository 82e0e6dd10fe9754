// The game's sound bank on howler: effects and the music loop through Web Audio, a pooled click,
// the rarity fanfares of SPEC.md section 9, and the two mutes (never persisted: SPEC.md section 3).

import { Howl, Howler } from "howler";
import type { Tier } from "../../../api/src/game/sets.ts";
import {
  CLICK_POOL_SIZE,
  CLICK_POOL_SIZE_FALLBACK,
  EFFECT_NAMES,
  EFFECT_VOLUMES,
  MUSIC_NAME,
  MUSIC_START_DELAY_MS,
  MUSIC_VOLUME,
  raritySoundPlan,
  soundUrl,
  type EffectName,
} from "./soundPlan.ts";

export interface PlayOptions {
  /** 0..1; defaults to the effect's volume from soundPlan.ts. */
  volume?: number;
  /** Playback rate; 1 is normal speed and pitch. */
  rate?: number;
}

export interface SoundBank {
  play(name: EffectName, options?: PlayOptions): void;
  /** The fanfare of a pack whose best card has this tier (extras scheduled for Legendary and Mythic). */
  playRarity(tier: Tier): void;
  /** A press: round-robin over the click pool so rapid clicks overlap instead of cutting off. */
  playClick(): void;
  /** Loads the music and starts it about 1 s later (once; later calls do nothing). */
  startMusic(): void;
  /** Sound mute: silences effects, stops the ones playing and the pending fanfare extras. */
  setMuted(muted: boolean): void;
  /** Music mute: pauses or resumes the loop. */
  setMusicMuted(muted: boolean): void;
  readonly muted: boolean;
  readonly musicMuted: boolean;
  /** Unloads every sound and removes the listeners (tests, hot reload). */
  dispose(): void;
}

/** The browser bits the bank touches, injectable so tests run in Node. */
export interface SoundBankEnv {
  /** Where gestures and visibility changes are heard; omitted in Node. */
  document?: Pick<Document, "addEventListener" | "removeEventListener" | "visibilityState">;
}

const GESTURE_EVENTS = ["pointerdown", "keydown", "touchend"] as const;

export function createSoundBank(env: SoundBankEnv = browserEnv()): SoundBank {
  let muted = false;
  let musicMuted = false;
  let music: Howl | undefined;
  let musicTimer: ReturnType<typeof setTimeout> | undefined;
  const pendingExtras = new Set<ReturnType<typeof setTimeout>>();

  // Web Audio for every effect: decoded once, overlapping plays are cheap and sample-accurate.
  const effects = new Map<EffectName, Howl>();
  for (const name of EFFECT_NAMES) {
    if (name === "click") continue;
    effects.set(name, new Howl({ src: [soundUrl(name)], volume: EFFECT_VOLUMES[name], preload: true }));
  }
  // Howler decides Web Audio vs html5 when the first Howl is built, so the pool is sized after.
  const clickPool = createClickPool(Howler.usingWebAudio);

  function play(name: EffectName, options: PlayOptions = {}): void {
    if (muted) return;
    if (name === "click" && options.volume === undefined && options.rate === undefined) return playClick();
    const howl = name === "click" ? clickPool.next() : effects.get(name);
    if (!howl) return;
    const id = howl.play();
    howl.volume(options.volume ?? EFFECT_VOLUMES[name], id);
    if (options.rate !== undefined && options.rate !== 1) howl.rate(options.rate, id);
  }

  function playClick(): void {
    if (muted) return;
    const howl = clickPool.next();
    // A pooled player still sounding from the press before last restarts instead of stacking.
    howl.stop();
    howl.play();
  }

  function playRarity(tier: Tier): void {
    for (const sound of raritySoundPlan(tier)) {
      const fire = () => play(sound.name, { volume: sound.volume, rate: sound.rate });
      if (sound.at <= 0) {
        fire();
        continue;
      }
      const timer = setTimeout(() => {
        pendingExtras.delete(timer);
        fire();
      }, sound.at);
      pendingExtras.add(timer);
    }
  }

  function startMusic(): void {
    if (music) return;
    // Web Audio, not html5: the html5 element leaves an audible gap at every loop point.
    music = new Howl({ src: [soundUrl(MUSIC_NAME)], loop: true, volume: MUSIC_VOLUME, html5: false, preload: true });
    musicTimer = setTimeout(() => {
      musicTimer = undefined;
      if (!musicMuted) music?.play();
    }, MUSIC_START_DELAY_MS);
  }

  function setMuted(value: boolean): void {
    muted = value;
    if (!value) return;
    for (const timer of pendingExtras) clearTimeout(timer);
    pendingExtras.clear();
    for (const howl of effects.values()) howl.stop();
    clickPool.stopAll();
  }

  function setMusicMuted(value: boolean): void {
    musicMuted = value;
    // Before the start delay has run out the timer itself checks the flag.
    if (!music || musicTimer !== undefined) return;
    if (value) music.pause();
    else if (!music.playing()) music.play();
  }

  // Browsers start audio suspended until a gesture; iOS suspends it again after backgrounding.
  const resume = () => {
    const ctx = Howler.ctx as AudioContext | undefined;
    if (ctx && ctx.state !== "running") void ctx.resume().catch(() => undefined);
  };
  // Hidden tab: stop the music and effects instead of playing to nobody; back: carry on.
  const onVisibility = () => {
    const ctx = Howler.ctx as AudioContext | undefined;
    if (!ctx || !env.document) return;
    if (env.document.visibilityState === "hidden") void ctx.suspend().catch(() => undefined);
    else resume();
  };
  for (const type of GESTURE_EVENTS) env.document?.addEventListener(type, resume, { capture: true, passive: true });
  env.document?.addEventListener("visibilitychange", onVisibility);

  function dispose(): void {
    for (const type of GESTURE_EVENTS) env.document?.removeEventListener(type, resume, { capture: true });
    env.document?.removeEventListener("visibilitychange", onVisibility);
    if (musicTimer !== undefined) clearTimeout(musicTimer);
    for (const timer of pendingExtras) clearTimeout(timer);
    pendingExtras.clear();
    for (const howl of effects.values()) howl.unload();
    clickPool.unload();
    music?.unload();
    music = undefined;
  }

  return {
    play,
    playRarity,
    playClick,
    startMusic,
    setMuted,
    setMusicMuted,
    get muted() {
      return muted;
    },
    get musicMuted() {
      return musicMuted;
    },
    dispose,
  };
}

/** N players of the click sound used in turn (SPEC.md section 9: 5, or 10 without Web Audio). */
export interface ClickPool {
  readonly size: number;
  next(): Howl;
  stopAll(): void;
  unload(): void;
}

export function createClickPool(webAudio: boolean): ClickPool {
  const size = webAudio ? CLICK_POOL_SIZE : CLICK_POOL_SIZE_FALLBACK;
  const players = Array.from(
    { length: size },
    // html5 players each hold their own <audio> element, hence the larger fallback pool.
    () => new Howl({ src: [soundUrl("click")], volume: EFFECT_VOLUMES.click, html5: !webAudio, pool: 1 }),
  );
  let cursor = 0;
  return {
    size,
    next() {
      const player = players[cursor]!;
      cursor = (cursor + 1) % size;
      return player;
    },
    stopAll: () => players.forEach((p) => p.stop()),
    unload: () => players.forEach((p) => p.unload()),
  };
}

function browserEnv(): SoundBankEnv {
  return typeof document === "undefined" ? {} : { document };
}

let shared: SoundBank | undefined;

/** The page's one sound bank, created (and its sounds loaded) on first use. */
export function getSoundBank(): SoundBank {
  shared ??= createSoundBank();
  return shared;
}
