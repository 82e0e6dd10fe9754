// The game's sound bank on howler: effects through Web Audio, a pooled click, the music loop
// streamed by an <audio> element, the rarity fanfares of SPEC.md section 9, and the two mutes
// (never persisted: SPEC.md section 3).
//
// Nothing is downloaded for a visitor (issue 11): howler itself is a dynamic import and no Howl
// exists before sign-in. A signed-in player's effects load at an idle moment once the player is
// present (a mouse moving, a finger down), while the packs screen is looked at (its reveal
// warm-up calls load(): on a phone the first touch is often the pack's tap, and the first pack's
// fanfare should be ready then), or at the first play or touch if that comes sooner. The music
// starts streaming only after the first interaction in the game.

import type { Howl as HowlType } from "howler";
import { nextIdle } from "../lib/idle.ts";
import { quietIdle } from "../lib/quietIdle.ts";
import { afterRevealsSettle } from "../effects/revealActivity.ts";
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
  soundSources,
  type EffectName,
} from "./soundPlan.ts";

type HowlerModule = typeof import("howler");

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
  /**
   * Asks for the music: it starts streaming at the player's first interaction in the game (now,
   * if there was one) and plays about 1 s later. Once; later calls do nothing.
   */
  startMusic(): void;
  /**
   * Whether a signed-in player is here. Until then nothing loads and nothing plays; signing out
   * pauses the music and silences the effects.
   */
  setSignedIn(signedIn: boolean): void;
  /** Loads howler and the effects now (a signed-in player only); resolves when they are set up. */
  load(): Promise<void>;
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
  /** Howler, fetched on first use after sign-in; a dynamic import keeps it out of the first load. */
  loadHowler?: () => Promise<HowlerModule>;
  /** Runs `task` when the page has nothing better to do; omitted in Node (then only plays and touches load). */
  whenIdle?: (task: () => void) => void;
  /**
   * Resolves when the page can spare a moment; omitted in Node (no wait). Building the players is
   * done in such moments: the AudioContext and the sounds' requests cost ~170 ms of main thread at
   * 4x CPU, which when a player's first touch was a pack's tap landed before the reveal's first frame.
   */
  spareMoment?: () => Promise<void>;
  /**
   * Runs `task` once no pack reveal is turning its cards; omitted in Node (at once). The music's
   * first play builds its <audio> element, one task of ~57 ms at 4x CPU, which its start delay
   * often put inside the first reveal.
   */
  afterReveals?: (task: () => void) => void;
}

const GESTURE_EVENTS = ["pointerdown", "keydown", "touchend"] as const;
/** A play asked for while howler was still arriving is dropped when it would sound this late. */
const STALE_PLAY_MS = 1500;

/** What exists once howler has arrived. */
interface Loaded {
  howler: HowlerModule;
  effects: Map<EffectName, HowlType>;
  clickPool: ClickPool;
}

export function createSoundBank(env: SoundBankEnv = browserEnv()): SoundBank {
  const loadHowler = env.loadHowler ?? (() => import("howler"));
  let muted = false;
  let musicMuted = false;
  let signedIn = false;
  /** A gesture happened while signed in: audio may start (autoplay rules) and music may stream. */
  let interacted = false;
  let musicWanted = false;
  let music: HowlType | undefined;
  let musicTimer: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;
  let loaded: Loaded | undefined;
  let loading: Promise<void> | undefined;
  /** Plays asked for before howler arrived, with when they were asked. */
  let waiting: Array<{ at: number; run: (l: Loaded) => void }> = [];
  const pendingExtras = new Set<ReturnType<typeof setTimeout>>();

  function load(): Promise<void> {
    if (!signedIn || disposed) return Promise.resolve();
    // Without one (Node, tests) nothing waits, not even a microtask.
    const spareMoment = env.spareMoment;
    loading ??= loadHowler().then(async (howler) => {
      // On the first gesture howler unlocks a pool of <audio> elements, 10 by default, built in
      // the gesture's task (the first tap on a pack: ~4 ms of it at 4x CPU, traced). With Web
      // Audio only the music streams through one; without Web Audio howler unlocks nothing.
      howler.Howler.html5PoolSize = 1;
      // Web Audio for every effect: decoded once, overlapping plays are cheap and sample-accurate.
      // One Howl per spare moment: the first builds the AudioContext (~95 ms at 4x CPU), and each
      // starts its request (8 in one task were ~115 ms at 4x, in a new player's first reveal).
      const effects = new Map<EffectName, HowlType>();
      for (const name of EFFECT_NAMES) {
        if (name === "click") continue;
        if (spareMoment) await spareMoment();
        if (disposed) break;
        effects.set(name, new howler.Howl({ src: soundSources(name), volume: EFFECT_VOLUMES[name], preload: true }));
      }
      if (spareMoment && !disposed) await spareMoment();
      if (disposed) {
        for (const howl of effects.values()) howl.unload();
        return;
      }
      // Howler decides Web Audio vs html5 when the first Howl is built, so the pool is sized after.
      loaded = { howler, effects, clickPool: createClickPool(howler) };
      const now = Date.now();
      const due = waiting.filter((w) => now - w.at <= STALE_PLAY_MS);
      waiting = [];
      if (!muted && signedIn) for (const w of due) w.run(loaded);
      if (musicWanted && interacted) beginMusic();
    });
    return loading;
  }

  /** Runs `run` with howler, now or when it arrives (loading it if need be). */
  function withSounds(run: (l: Loaded) => void): void {
    if (muted || !signedIn || disposed) return;
    if (loaded) return run(loaded);
    waiting.push({ at: Date.now(), run });
    void load();
  }

  function play(name: EffectName, options: PlayOptions = {}): void {
    if (name === "click" && options.volume === undefined && options.rate === undefined) return playClick();
    withSounds(({ effects, clickPool }) => {
      const howl = name === "click" ? clickPool.next() : effects.get(name);
      if (!howl) return;
      const id = howl.play();
      howl.volume(options.volume ?? EFFECT_VOLUMES[name], id);
      if (options.rate !== undefined && options.rate !== 1) howl.rate(options.rate, id);
    });
  }

  function playClick(): void {
    withSounds(({ clickPool }) => {
      const howl = clickPool.next();
      // A pooled player still sounding from the press before last restarts instead of stacking.
      howl.stop();
      howl.play();
    });
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
    musicWanted = true;
    if (signedIn && interacted) void load().then(beginMusic);
  }

  /** Creates the stream and plays it after the start delay (once); or resumes it after sign-in. */
  function beginMusic(): void {
    if (!loaded || disposed || !musicWanted) return;
    if (music) {
      if (signedIn && !musicMuted && musicTimer === undefined && !music.playing()) music.play();
      return;
    }
    // html5: the loop streams from an <audio> element (Range requests) instead of being
    // downloaded and decoded whole before the first note.
    music = new loaded.howler.Howl({ src: soundSources(MUSIC_NAME), loop: true, volume: MUSIC_VOLUME, html5: true, preload: true });
    musicTimer = setTimeout(() => {
      const start = () => {
        musicTimer = undefined;
        if (!musicMuted && signedIn) music?.play();
      };
      if (env.afterReveals) env.afterReveals(start);
      else start();
    }, MUSIC_START_DELAY_MS);
  }

  function setSignedIn(value: boolean): void {
    if (value === signedIn) return;
    signedIn = value;
    if (value) {
      env.whenIdle?.(() => void load());
      return;
    }
    // Signed out: the screens a visitor sees stay silent.
    interacted = false;
    waiting = [];
    stopEffects();
    if (music && musicTimer === undefined) music.pause();
  }

  function stopEffects(): void {
    for (const timer of pendingExtras) clearTimeout(timer);
    pendingExtras.clear();
    if (!loaded) return;
    for (const howl of loaded.effects.values()) howl.stop();
    loaded.clickPool.stopAll();
  }

  function setMuted(value: boolean): void {
    muted = value;
    if (!value) return;
    waiting = [];
    stopEffects();
  }

  function setMusicMuted(value: boolean): void {
    musicMuted = value;
    // Before the start delay has run out the timer itself checks the flag.
    if (!music || musicTimer !== undefined) return;
    if (value) music.pause();
    else if (signedIn && !music.playing()) music.play();
  }

  const audioContext = () => loaded?.howler.Howler.ctx as AudioContext | undefined;
  // Browsers start audio suspended until a gesture; iOS suspends it again after backgrounding.
  const resume = () => {
    const ctx = audioContext();
    if (ctx && ctx.state !== "running") void ctx.resume().catch(() => undefined);
  };
  const onGesture = () => {
    if (!signedIn || disposed) return;
    resume();
    if (interacted) return;
    interacted = true;
    // The first touch of the game: the effects load and, if asked for, the music starts. In a
    // task of its own: fetching howler's chunk inside the touch's task (the chunk's preload links
    // and the import) held back the frame that answers the touch, often a pack's reveal. The
    // page has had its gesture, so audio may start whenever it is ready.
    setTimeout(() => {
      if (!disposed) void load().then(beginMusic);
    }, 0);
  };
  // Hidden tab: stop the music and effects instead of playing to nobody; back: carry on.
  const onVisibility = () => {
    const ctx = audioContext();
    if (!ctx || !env.document) return;
    if (env.document.visibilityState === "hidden") void ctx.suspend().catch(() => undefined);
    else resume();
  };
  for (const type of GESTURE_EVENTS) env.document?.addEventListener(type, onGesture, { capture: true, passive: true });
  env.document?.addEventListener("visibilitychange", onVisibility);

  function dispose(): void {
    disposed = true;
    for (const type of GESTURE_EVENTS) env.document?.removeEventListener(type, onGesture, { capture: true });
    env.document?.removeEventListener("visibilitychange", onVisibility);
    if (musicTimer !== undefined) clearTimeout(musicTimer);
    for (const timer of pendingExtras) clearTimeout(timer);
    pendingExtras.clear();
    waiting = [];
    if (loaded) {
      for (const howl of loaded.effects.values()) howl.unload();
      loaded.clickPool.unload();
    }
    music?.unload();
    music = undefined;
  }

  return {
    play,
    playRarity,
    playClick,
    startMusic,
    setSignedIn,
    load,
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
  next(): HowlType;
  stopAll(): void;
  unload(): void;
}

export function createClickPool({ Howl, Howler }: Pick<HowlerModule, "Howl" | "Howler">): ClickPool {
  const webAudio = Howler.usingWebAudio;
  const size = webAudio ? CLICK_POOL_SIZE : CLICK_POOL_SIZE_FALLBACK;
  const players = Array.from(
    { length: size },
    // html5 players each hold their own <audio> element, hence the larger fallback pool.
    () => new Howl({ src: soundSources("click"), volume: EFFECT_VOLUMES.click, html5: !webAudio, pool: 1 }),
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
  if (typeof document === "undefined") return {};
  return {
    document,
    whenIdle: whenPlayerPresentAndIdle,
    spareMoment: () => nextIdle(SPARE_MOMENT_WAIT_MS),
    afterReveals: (task) => afterRevealsSettle(task, MUSIC_REVEAL_WAIT_MS),
  };
}

/** The longest the music's start waits for a reveal's cards to turn. */
const MUSIC_REVEAL_WAIT_MS = 8000;

/** The longest the players' building waits for an idle moment: the reveal's fanfare needs them. */
const SPARE_MOMENT_WAIT_MS = 300;

// Signs that a person is at the screen: a mouse moving, a finger down, a key, a scroll.
const PRESENCE_EVENTS = ["pointermove", "pointerdown", "keydown", "wheel", "scroll"] as const;

/**
 * At the next idle moment once the page has loaded and a person shows up. A mouse moves (or a
 * finger lands) well before a pack is tapped, so the fanfare is still ready in time, while a page
 * left alone (a background tab, a lab page-load test) never spends its start-up decoding sound.
 * Not while the person scrolls (quietIdle): the first sound builds the page's AudioContext, one
 * task of ~35 ms here (~140 ms at 4x CPU), which dropped frames of a binder's first scroll.
 */
function whenPlayerPresentAndIdle(task: () => void): void {
  const idle = () => void quietIdle().then(task);
  const present = () => {
    for (const type of PRESENCE_EVENTS) window.removeEventListener(type, present, true);
    if (document.readyState === "complete") idle();
    else window.addEventListener("load", idle, { once: true });
  };
  for (const type of PRESENCE_EVENTS) window.addEventListener(type, present, { capture: true, passive: true });
}

let shared: SoundBank | undefined;

/** The page's one sound bank, created on first use (it loads nothing until a player signs in). */
export function getSoundBank(): SoundBank {
  shared ??= createSoundBank();
  return shared;
}
