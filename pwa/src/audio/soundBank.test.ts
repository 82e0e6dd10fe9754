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

vi.mock("howler", () => ({ Howl: fake.FakeHowl, Howler: fake.Howler }));

const { createSoundBank } = await import("./soundBank.ts");
const { raritySoundPlan, EFFECT_VOLUMES } = await import("./soundPlan.ts");

const name = (src: string) => src.replace(/^\/sounds\/(.*)\.wav$/, "$1");
const played = () => fake.state.plays.map((p) => ({ ...p, src: name(p.src) }));

/** Advances fake time (Date included, which stamps each play). */
function advance(ms: number) {
  vi.advanceTimersByTime(ms);
}

beforeEach(() => {
  vi.useFakeTimers();
  // `now` is the test's time zero: plays are stamped with the ms since then.
  Object.assign(fake.state, { usingWebAudio: true, ctxState: "suspended", resumes: 0, suspends: 0, now: Date.now(), howls: [], plays: [] });
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
  it("plays Mythic's three sounds at 0, 600 and 1200 ms with their rates and volumes", () => {
    const bank = createSoundBank({});
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

  it("plays Legendary's extra at 800 ms", () => {
    const bank = createSoundBank({});
    bank.playRarity("Legendary");
    advance(1000);
    expect(played().map((p) => [p.src, p.at])).toEqual([
      ["legendary", 0],
      ["reward", 800],
    ]);
  });

  it("plays an effect at its SPEC volume unless told otherwise", () => {
    const bank = createSoundBank({});
    bank.play("coin");
    bank.play("purchase");
    bank.play("weekly-reward", { volume: 0.2, rate: 1.5 });
    expect(played()).toEqual([
      { src: "coin", at: 0, volume: 0.8 },
      { src: "purchase", at: 0, volume: 0.5 },
      { src: "weekly-reward", at: 0, volume: 0.2, rate: 1.5 },
    ]);
  });

  it("sound mute silences effects, stops what plays and cancels pending fanfare extras", () => {
    const bank = createSoundBank({});
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

  it("sound mute leaves the music alone; music mute pauses and resumes it", () => {
    const bank = createSoundBank({});
    bank.startMusic();
    const music = fake.state.howls.find((h) => name(h.src) === "music-loop")!;
    expect(music.options).toMatchObject({ loop: true, volume: 0.3, html5: false });
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

  it("music muted before the 1 s start delay never starts; startMusic twice schedules once", () => {
    const bank = createSoundBank({});
    bank.startMusic();
    bank.startMusic();
    bank.setMusicMuted(true);
    advance(2000);
    expect(played()).toEqual([]);
    expect(fake.state.howls.filter((h) => name(h.src) === "music-loop")).toHaveLength(1);
    bank.setMusicMuted(false);
    expect(played().map((p) => p.src)).toEqual(["music-loop"]);
  });

  it("pools 5 click players with Web Audio and uses them in turn so rapid clicks overlap", () => {
    const bank = createSoundBank({});
    const clicks = fake.state.howls.filter((h) => name(h.src) === "click");
    expect(clicks).toHaveLength(5);
    expect(clicks.every((c) => c.options.html5 === false)).toBe(true);
    for (let i = 0; i < 7; i++) bank.playClick();
    // Round-robin: the 6th and 7th presses reuse players 0 and 1; nobody waits for a free player.
    expect(clicks.map((c) => c.playCount)).toEqual([2, 2, 1, 1, 1]);
  });

  it("falls back to 10 html5 click players without Web Audio", () => {
    fake.state.usingWebAudio = false;
    createSoundBank({});
    const clicks = fake.state.howls.filter((h) => name(h.src) === "click");
    expect(clicks).toHaveLength(10);
    expect(clicks.every((c) => c.options.html5 === true)).toBe(true);
  });

  it("resumes the audio context on the first gesture and when the page becomes visible", () => {
    const doc = Object.assign(new EventTarget(), { visibilityState: "visible" as DocumentVisibilityState });
    const bank = createSoundBank({ document: doc as unknown as Document });
    doc.dispatchEvent(new Event("pointerdown"));
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
    doc.dispatchEvent(new Event("pointerdown"));
    expect(fake.state.resumes).toBe(2);
  });
});
