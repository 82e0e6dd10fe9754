import { describe, expect, it } from "vitest";
import { CARD_FILES, PACK_FILES, SOUND_NAMES } from "../../../assets/scripts/artManifest.ts";
import { ART_CACHE, ASSET_REFRESH_AFTER_MS, SOUND_CACHE } from "./assetCaches.ts";
import { cachedState, WARM_CONCURRENCY, warmCaches, warmPlan, type WarmEnv } from "./warmAssets.ts";

const card = (over: Partial<{ character: string; background: string; isHolo: boolean }> = {}) => ({
  character: "velvetnight1",
  background: "neonblocks",
  set: 1,
  isHolo: false,
  isGlitch: false,
  isDarkHolo: false,
  ...over,
});

describe("warmPlan", () => {
  it("lists every pack, each owned card's shown portrait and background once, every sound in one format, then the rest of the binder", () => {
    const plan = warmPlan([card(), card(), card({ character: "velvetnight2", background: "", isHolo: true })], "opus");
    const urls = plan.map((i) => i.url);
    const art = plan.filter((i) => i.cache === ART_CACHE).map((i) => i.url);
    const sounds = plan.filter((i) => i.cache === SOUND_CACHE).map((i) => i.url);
    expect(urls.slice(0, PACK_FILES.length + 3)).toEqual([
      ...PACK_FILES.map((f) => `/${f}`),
      "/cards/velvetnight1.webp",
      "/backgrounds/neonblocks.webp",
      "/cards/velvetnight2_holo.webp",
    ]);
    // The missing entries' portraits come last, each once.
    expect(urls.indexOf("/cards/velvetnight1_holo.webp")).toBeGreaterThan(urls.indexOf(sounds.at(-1)!));
    expect(new Set(art).size).toBe(art.length);
    expect(art).toHaveLength(PACK_FILES.length + CARD_FILES.length + 1);
    expect(sounds).toHaveLength(SOUND_NAMES.length);
    expect(sounds.every((u) => u.endsWith(".opus"))).toBe(true);
  });

  it("leaves the missing entries' portraits out for a player saving data", () => {
    const art = warmPlan([card()], "opus", false).filter((i) => i.cache === ART_CACHE);
    expect(art.map((i) => i.url)).toEqual([...PACK_FILES.map((f) => `/${f}`), "/cards/velvetnight1.webp", "/backgrounds/neonblocks.webp"]);
  });

  it("leaves sounds out where the browser plays none", () => {
    expect(warmPlan([], null).every((i) => i.cache === ART_CACHE)).toBe(true);
  });
});

describe("cachedState", () => {
  const now = Date.parse("2026-11-23T12:00:00Z");
  const dated = (ms: number) => new Response("x", { headers: { date: new Date(ms).toUTCString() } });
  it("tells missing, fresh and old copies apart", () => {
    expect(cachedState(undefined, now)).toBe("missing");
    expect(cachedState(dated(now - 60_000), now)).toBe("fresh");
    expect(cachedState(dated(now - ASSET_REFRESH_AFTER_MS - 60_000), now)).toBe("old");
    expect(cachedState(new Response("x"), now)).toBe("fresh");
  });
});

/** CacheStorage in memory, filled by the fake fetch as the worker's route would. */
function fakeEnv(initial: Record<string, string[]> = {}) {
  const stores = new Map<string, Map<string, Response>>();
  for (const [name, urls] of Object.entries(initial)) stores.set(name, new Map(urls.map((u) => [u, new Response("old", { headers: { date: new Date().toUTCString() } })])));
  const store = (name: string) => {
    if (!stores.has(name)) stores.set(name, new Map());
    return stores.get(name)!;
  };
  const cacheOf = (name: string) =>
    ({
      match: async (url: string) => store(name).get(url)?.clone(),
      delete: async (url: string) => store(name).delete(url),
    }) as unknown as Cache;
  const fetched: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let online = true;
  const env: WarmEnv = {
    caches: { open: async (name: string) => cacheOf(name) } as unknown as CacheStorage,
    fetch: async (input) => {
      const url = String(input);
      fetched.push(url);
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((r) => setTimeout(r, 1));
      inFlight -= 1;
      store(url.startsWith("/sounds/") ? SOUND_CACHE : ART_CACHE).set(url, new Response("new"));
      return new Response("new");
    },
    whenQuiet: async (signal) => {
      if (signal.aborted) throw signal.reason;
    },
    online: () => online,
  };
  return { env, fetched, stores, maxInFlight: () => maxInFlight, goOffline: () => (online = false) };
}

describe("warmCaches", () => {
  const plan = warmPlan([card()], "opus");

  it("fetches only what is not cached yet, a bounded number at a time, and nothing the second time", async () => {
    const fake = fakeEnv({ [ART_CACHE]: ["/packs/set1.webp"] });
    const count = await warmCaches(plan, new AbortController().signal, fake.env);
    expect(count).toBe(plan.length - 1);
    expect(fake.fetched).not.toContain("/packs/set1.webp");
    expect(fake.maxInFlight()).toBeLessThanOrEqual(WARM_CONCURRENCY);
    expect(fake.maxInFlight()).toBeGreaterThan(0);

    fake.fetched.length = 0;
    expect(await warmCaches(plan, new AbortController().signal, fake.env)).toBe(0);
    expect(fake.fetched).toEqual([]);
  });

  it("stops when the player signs out (the signal aborts)", async () => {
    const fake = fakeEnv();
    const stop = new AbortController();
    const original = fake.env.fetch;
    fake.env.fetch = async (input, init) => {
      stop.abort();
      return original(input, init);
    };
    await warmCaches(plan, stop.signal, fake.env);
    expect(fake.fetched.length).toBeLessThanOrEqual(WARM_CONCURRENCY);
  });

  it("stops when the network goes", async () => {
    const fake = fakeEnv();
    fake.goOffline();
    expect(await warmCaches(plan, new AbortController().signal, fake.env)).toBe(0);
    expect(fake.fetched).toEqual([]);
  });
});
