import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// A stand-in for howler: records every Howl, every play and the volume/rate set on each play.
const fake = vi.hoisted(() => {
  interface Call {
    src: string;
    at: number;
    volume?: number;
    rate?: number;
  }
  const state = {
    usingWebAudio: true,
    ctxState: "suspended" as string,
    resumes: 0,
    suspends: 0,
    now: 0,
    howls: [] as FakeHowl[],
    plays: [] as Call[],
  };
  class FakeHowl {
    src: string;
    sources: string[];
    options: Record<string, unknown>;
    stops = 0;
    pauses = 0;
    playCount = 0;
    isPlaying = false;
    private nextId = 1;
    private calls = new Map<number, Call>();
    constructor(options: Record<string, unknown> & { src: string[] }) {
      this.options = options;
      this.src = options.src[0]!;
      this.sources = options.src;
      state.howls.push(this);
    }
    play() {
      const id = this.nextId++;
      this.playCount++;
      const call: Call = { src: this.src, at: Date.now() - state.now };
      this.calls.set(id, call);
      state.plays.push(call);
      this.isPlaying = true;
      return id;
    }
    volume(v: number, id: number) {
      this.calls.get(id)!.volume = v;
    }
    rate(r: number, id: number) {
      this.calls.get(id)!.rate = r;
    }
    stop() {
      this.stops++;
      this.isPlaying = false;
    }
    pause() {
      this.pauses++;
      this.isPlaying = false;
    }
    playing() {
      return this.isPlaying;
    }
    unload() {}
  }
  const Howler = {
    get usingWebAudio() {
      return state.usingWebAudio;
    },
    ctx: {
      get state() {
        return state.ctxState;
      },
      resume: () => {
        state.resumes++;
        state.ctxState = "running";
        return Promise.resolve();
      },
      suspend: () => {
        state.suspends++;
        state.ctxState = "suspended";
        return Promise.resolve();
      },
    },
  };
  return { state, FakeHowl, Howler };
});

import { createSoundBank, type SoundBank, type SoundBankEnv } from "./soundBank.ts";
import { EFFECT_VOLUMES, raritySoundPlan, SOUND_NAMES } from "./soundPlan.ts";

let howlerLoads = 0;
/** Stands in for `import("howler")`, counting how often the bank asks for it. */
const loadHowler = async () => {
  howlerLoads++;
  return { Howl: fake.FakeHowl, Howler: fake.Howler } as unknown as typeof import("howler");
};

/** A page: gestures and visibility changes are dispatched on it. */
function fakeDocument() {
  return Object.assign(new EventTarget(), { visibilityState: "visible" as DocumentVisibilityState });
}

/** A bank for a signed-in player with its sounds loaded. */
async function signedInBank(env: SoundBankEnv = {}): Promise<SoundBank> {
  const bank = createSoundBank({ loadHowler, ...env });
  bank.setSignedIn(true);
  await bank.load();
  return bank;
}

/** Lets a dynamic import and the promise callbacks after it run. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

const name = (src: string) => src.replace(/^\/sounds\/(.*)\.opus$/, "$1");
const played = () => fake.state.plays.map((p) => ({ ...p, src: name(p.src) }));

/** A finger on the page, and the task after it (where the bank starts loading on a first touch). */
function touch(doc: EventTarget) {
  doc.dispatchEvent(new Event("pointerdown"));
  advance(0);
}

/** Advances fake time (Date included, which stamps each play). */
function advance(ms: number) {
  vi.advanceTimersByTime(ms);
}

beforeEach(() => {
  vi.useFakeTimers();
  // `now` is the test's time zero: plays are stamped with the ms since then.
  Object.assign(fake.state, { usingWebAudio: true, ctxState: "suspended", resumes: 0, suspends: 0, now: Date.now(), howls: [], plays: [] });
  howlerLoads = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

describe("raritySoundPlan", () => {
  it("plays the tier's own sound once for Common to Epic", () => {
    for (const [tier, sound] of [
      ["Common", "common"],
      ["Uncommon", "uncommon"],
      ["Rare", "rare"],
      ["Epic", "epic"],
    ] as const) {
      expect(raritySoundPlan(tier)).toEqual([{ at: 0, name: sound, volume: 1, rate: 1 }]);
    }
  });

  it("adds an extra sound at 800 ms for Legendary", () => {
    const plan = raritySoundPlan("Legendary");
    expect(plan.map((s) => [s.at, s.name])).toEqual([
      [0, "legendary"],
      [800, "reward"],
    ]);
  });

  it("plays legendary at rate 0.9, then extras at 600 ms (vol 1, rate 0.95) and 1200 ms (vol 0.8, rate 1.1) for Mythic", () => {
    expect(raritySoundPlan("Mythic")).toEqual([
      { at: 0, name: "legendary", volume: 1, rate: 0.9 },
      { at: 600, name: "mythic", volume: 1, rate: 0.95 },
      { at: 1200, name: "reward", volume: 0.8, rate: 1.1 },
    ]);
  });

  it("uses SPEC.md's volumes for coin, reward, weekly reward and purchase", () => {
    expect(EFFECT_VOLUMES).toMatchObject({ coin: 0.8, reward: 0.9, "weekly-reward": 1, purchase: 0.5 });
  });
});

describe("sound bank", () => {
  it("plays Mythic's three sounds at 0, 600 and 1200 ms with their rates and volumes", async () => {
    const bank = await signedInBank();
    bank.playRarity("Mythic");
    expect(played()).toEqual([{ src: "legendary", at: 0, volume: 1, rate: 0.9 }]);
    advance(599);
    expect(played()).toHaveLength(1);
    advance(1);
    advance(600);
    expect(played()).toEqual([
      { src: "legendary", at: 0, volume: 1, rate: 0.9 },
      { src: "mythic", at: 600, volume: 1, rate: 0.95 },
      { src: "reward", at: 1200, volume: 0.8, rate: 1.1 },
    ]);
  });

  it("plays Legendary's extra at 800 ms", async () => {
    const bank = await signedInBank();
    bank.playRarity("Legendary");
    advance(1000);
    expect(played().map((p) => [p.src, p.at])).toEqual([
      ["legendary", 0],
      ["reward", 800],
    ]);
  });

  it("plays an effect at its SPEC volume unless told otherwise", async () => {
    const bank = await signedInBank();
    bank.play("coin");
    bank.play("purchase");
    bank.play("weekly-reward", { volume: 0.2, rate: 1.5 });
    expect(played()).toEqual([
      { src: "coin", at: 0, volume: 0.8 },
      { src: "purchase", at: 0, volume: 0.5 },
      { src: "weekly-reward", at: 0, volume: 0.2, rate: 1.5 },
    ]);
  });

  it("sound mute silences effects, stops what plays and cancels pending fanfare extras", async () => {
    const bank = await signedInBank();
    bank.playRarity("Mythic");
    bank.setMuted(true);
    expect(bank.muted).toBe(true);
    const coin = fake.state.howls.find((h) => name(h.src) === "legendary")!;
    expect(coin.stops).toBeGreaterThan(0);
    bank.play("coin");
    bank.playClick();
    bank.playRarity("Epic");
    advance(2000);
    expect(played().map((p) => p.src)).toEqual(["legendary"]); // only the one before the mute
    bank.setMuted(false);
    bank.play("coin");
    expect(played().map((p) => p.src)).toEqual(["legendary", "coin"]);
  });

  it("sound mute leaves the music alone; music mute pauses and resumes it", async () => {
    const doc = fakeDocument();
    const bank = await signedInBank({ document: doc as unknown as Document });
    bank.startMusic();
    touch(doc);
    await settle();
    const music = fake.state.howls.find((h) => name(h.src) === "music-loop")!;
    // Streamed by an <audio> element, so it starts before the whole loop has arrived.
    expect(music.options).toMatchObject({ loop: true, volume: 0.3, html5: true });
    advance(999);
    expect(played().map((p) => p.src)).toEqual([]);
    advance(1);
    expect(played().map((p) => p.src)).toEqual(["music-loop"]);
    bank.setMuted(true);
    expect(music.stops).toBe(0);
    expect(music.isPlaying).toBe(true);
    bank.setMusicMuted(true);
    expect(music.pauses).toBe(1);
    bank.setMusicMuted(false);
    expect(played().map((p) => p.src)).toEqual(["music-loop", "music-loop"]);
  });

  it("music muted before the 1 s start delay never starts; startMusic twice schedules once", async () => {
    const doc = fakeDocument();
    const bank = await signedInBank({ document: doc as unknown as Document });
    bank.startMusic();
    touch(doc);
    await settle();
    bank.startMusic();
    bank.setMusicMuted(true);
    advance(2000);
    expect(played()).toEqual([]);
    expect(fake.state.howls.filter((h) => name(h.src) === "music-loop")).toHaveLength(1);
    bank.setMusicMuted(false);
    expect(played().map((p) => p.src)).toEqual(["music-loop"]);
  });

  it("pools 5 click players with Web Audio and uses them in turn so rapid clicks overlap", async () => {
    const bank = await signedInBank();
    const clicks = fake.state.howls.filter((h) => name(h.src) === "click");
    expect(clicks).toHaveLength(5);
    expect(clicks.every((c) => c.options.html5 === false)).toBe(true);
    for (let i = 0; i < 7; i++) bank.playClick();
    // Round-robin: the 6th and 7th presses reuse players 0 and 1; nobody waits for a free player.
    expect(clicks.map((c) => c.playCount)).toEqual([2, 2, 1, 1, 1]);
  });

  it("has howler unlock one <audio> element on the first gesture, for the music, not ten", async () => {
    await signedInBank();
    expect((fake.Howler as { html5PoolSize?: number }).html5PoolSize).toBe(1);
  });

  it("falls back to 10 html5 click players without Web Audio", async () => {
    fake.state.usingWebAudio = false;
    await signedInBank();
    const clicks = fake.state.howls.filter((h) => name(h.src) === "click");
    expect(clicks).toHaveLength(10);
    expect(clicks.every((c) => c.options.html5 === true)).toBe(true);
  });

  it("resumes the audio context on the first gesture and when the page becomes visible", async () => {
    const doc = fakeDocument();
    const bank = await signedInBank({ document: doc as unknown as Document });
    touch(doc);
    expect(fake.state.resumes).toBe(1);
    doc.dispatchEvent(new Event("keydown"));
    expect(fake.state.resumes).toBe(1); // already running
    doc.visibilityState = "hidden";
    doc.dispatchEvent(new Event("visibilitychange"));
    expect(fake.state.suspends).toBe(1);
    doc.visibilityState = "visible";
    doc.dispatchEvent(new Event("visibilitychange"));
    expect(fake.state.resumes).toBe(2);
    bank.dispose();
    fake.state.ctxState = "suspended";
    touch(doc);
    expect(fake.state.resumes).toBe(2);
  });
});

describe("nothing is downloaded before sign-in (issue 11)", () => {
  it("a visitor's presses, plays and the music request load neither howler nor any sound", async () => {
    const doc = fakeDocument();
    const bank = createSoundBank({ loadHowler, document: doc as unknown as Document, whenIdle: (task) => task() });
    bank.startMusic();
    bank.play("coin");
    bank.playClick();
    bank.playRarity("Mythic");
    for (const type of ["pointerdown", "keydown", "touchend"]) doc.dispatchEvent(new Event(type));
    advance(0);
    await bank.load();
    advance(3000);
    await settle();
    expect(howlerLoads).toBe(0);
    expect(fake.state.howls).toEqual([]);
    expect(played()).toEqual([]);
  });

  it("a signed-in player's effects load when the page is idle; the music streams from the first touch, 1 s later", async () => {
    const doc = fakeDocument();
    const idleTasks: Array<() => void> = [];
    const bank = createSoundBank({ loadHowler, document: doc as unknown as Document, whenIdle: (task) => idleTasks.push(task) });
    bank.startMusic();
    await settle();
    expect(idleTasks).toHaveLength(0); // a visitor: not even scheduled
    bank.setSignedIn(true);
    await settle();
    expect(howlerLoads).toBe(0);
    idleTasks.forEach((task) => task());
    await settle();
    expect(howlerLoads).toBe(1);
    // Every effect (and the click pool), but no music before a touch.
    expect(fake.state.howls.map((h) => name(h.src)).sort()).toEqual([...SOUND_NAMES.filter((n) => n !== "music-loop"), "click", "click", "click", "click"].sort());
    advance(5000);
    expect(played()).toEqual([]);
    touch(doc);
    await settle();
    expect(fake.state.howls.filter((h) => name(h.src) === "music-loop")).toHaveLength(1);
    advance(999);
    expect(played()).toEqual([]);
    advance(1);
    expect(played().map((p) => p.src)).toEqual(["music-loop"]);
    touch(doc);
    await settle();
    expect(howlerLoads).toBe(1);
    expect(fake.state.howls.filter((h) => name(h.src) === "music-loop")).toHaveLength(1);
  });

  it("without an idle moment, the first touch loads the effects and the music together", async () => {
    const doc = fakeDocument();
    const bank = createSoundBank({ loadHowler, document: doc as unknown as Document });
    bank.startMusic();
    bank.setSignedIn(true);
    await settle();
    expect(howlerLoads).toBe(0);
    touch(doc);
    await settle();
    expect(howlerLoads).toBe(1);
    expect(fake.state.howls.map((h) => name(h.src)).sort()).toEqual([...SOUND_NAMES, "click", "click", "click", "click"].sort());
  });

  it("builds one player per spare moment: no single task builds them all (a new player's first reveal)", async () => {
    const moments: Array<() => void> = [];
    const bank = createSoundBank({ loadHowler, spareMoment: () => new Promise<void>((resolve) => moments.push(resolve)) });
    bank.setSignedIn(true);
    const loaded = bank.load();
    await settle();
    const effects = SOUND_NAMES.filter((n) => n !== "music-loop" && n !== "click");
    for (let i = 0; i < effects.length; i++) {
      expect(fake.state.howls).toHaveLength(i);
      expect(moments).toHaveLength(i + 1);
      moments[i]!();
      await settle();
    }
    expect(fake.state.howls.map((h) => name(h.src)).sort()).toEqual([...effects].sort());
    // The click pool in one more moment, and then the bank is ready.
    moments[effects.length]!();
    await loaded;
    expect(fake.state.howls.filter((h) => name(h.src) === "click")).toHaveLength(5);
    bank.play("coin");
    expect(played().map((p) => p.src)).toEqual(["coin"]);
  });

  it("gives howler Opus first and MP3 as the fallback for every sound, never WAV", async () => {
    const doc = fakeDocument();
    const bank = await signedInBank({ document: doc as unknown as Document });
    bank.startMusic();
    touch(doc);
    await settle();
    expect(new Set(fake.state.howls.map((h) => h.src))).toEqual(new Set(SOUND_NAMES.map((n) => `/sounds/${n}.opus`)));
    for (const howl of fake.state.howls) expect(howl.sources).toEqual([howl.src, howl.src.replace(/\.opus$/, ".mp3")]);
  });

  it("plays a sound asked for while howler is arriving once it arrives, but not a stale one", async () => {
    const bank = createSoundBank({ loadHowler });
    bank.setSignedIn(true);
    bank.playRarity("Epic");
    expect(played()).toEqual([]);
    await settle();
    expect(played().map((p) => p.src)).toEqual(["epic"]);

    fake.state.howls = [];
    fake.state.plays = [];
    let arrive: () => void = () => undefined;
    const slow = createSoundBank({
      loadHowler: () => new Promise((resolve) => (arrive = () => void loadHowler().then(resolve))),
    });
    slow.setSignedIn(true);
    slow.play("coin");
    advance(2000);
    slow.play("purchase");
    arrive();
    await settle();
    expect(played().map((p) => p.src)).toEqual(["purchase"]);
  });

  it("signing out pauses the music and silences effects until the player is back", async () => {
    const doc = fakeDocument();
    const bank = await signedInBank({ document: doc as unknown as Document });
    bank.startMusic();
    touch(doc);
    await settle();
    advance(1000);
    const music = fake.state.howls.find((h) => name(h.src) === "music-loop")!;
    expect(music.isPlaying).toBe(true);
    bank.setSignedIn(false);
    expect(music.pauses).toBe(1);
    bank.play("coin");
    touch(doc);
    await settle();
    expect(played().map((p) => p.src)).toEqual(["music-loop"]);
    bank.setSignedIn(true);
    touch(doc);
    await settle();
    bank.play("coin");
    expect(played().map((p) => p.src)).toEqual(["music-loop", "music-loop", "coin"]);
  });
});
