import { afterEach, describe, expect, it, vi } from "vitest";
import { apiRequest, retryAfterMs } from "./http";
import { readJsonArray } from "./jsonArrayStream";

describe("apiRequest", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("reads a successful answer with the caller's body reader (a long list, a slice at a time)", async () => {
    vi.stubGlobal("window", globalThis);
    const cards = Array.from({ length: 2000 }, (_, id) => ({ id, character: `c${id}` }));
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify(cards), { status: 200 }));
    const readBody = vi.fn(readJsonArray);
    await expect(apiRequest("/collection", { fallback: "Failed to get collection", readBody })).resolves.toEqual(cards);
    expect(readBody).toHaveBeenCalledTimes(1);
  });

  it("reads a refusal's error text as JSON even with a body reader for the list", async () => {
    vi.stubGlobal("window", globalThis);
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify({ error: "Not signed in" }), { status: 401 }));
    const readBody = vi.fn(readJsonArray);
    await expect(apiRequest("/collection", { fallback: "Failed to get collection", readBody })).rejects.toMatchObject({ message: "Not signed in", status: 401 });
    expect(readBody).not.toHaveBeenCalled();
  });
});

describe("a read refused with 429 (issue 45: the server bounds a player's heavy reads)", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const refused = (retryAfter: string | null, error = "You're loading pages faster than the game allows. Please wait a few seconds and try again.") =>
    new Response(JSON.stringify({ error }), { status: 429, headers: retryAfter === null ? {} : { "Retry-After": retryAfter } });
  /** fetch answering from a list, one answer per call, remembering when each call came (fake time). */
  function answers(...list: Response[]) {
    const calls: number[] = [];
    vi.stubGlobal("fetch", vi.fn(async () => (calls.push(Date.now()), list.shift()!)));
    return calls;
  }
  const setUp = () => {
    vi.useFakeTimers({ now: 0 });
    vi.stubGlobal("window", globalThis);
  };

  it("asks again once Retry-After has passed (and not before), and returns the answer", async () => {
    setUp();
    const calls = answers(refused("2"), new Response(JSON.stringify({ sets: [] }), { status: 200 }));
    const result = apiRequest("/pulls/summary", { fallback: "Failed" });
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toEqual([0]);
    await vi.advanceTimersByTimeAsync(501);
    await expect(result).resolves.toEqual({ sets: [] });
    expect(calls).toHaveLength(2);
    expect(calls[1]).toBeGreaterThanOrEqual(2000);
    expect(calls[1]).toBeLessThanOrEqual(2500);
  });

  it("gives up after 3 more tries with the server's text and status", async () => {
    setUp();
    const calls = answers(refused("1"), refused("1"), refused("1"), refused("1", "Still too fast"));
    const result = apiRequest("/collection", { fallback: "Failed" });
    const settled = expect(result).rejects.toMatchObject({ status: 429, message: "Still too fast" });
    await vi.advanceTimersByTimeAsync(10_000);
    await settled;
    expect(calls).toHaveLength(4);
  });

  it("does not ask again without a Retry-After, past 30 seconds, or for a change (POST)", async () => {
    setUp();
    for (const [answer, method] of [[refused(null), "GET"], [refused("31"), "GET"], [refused("1"), "POST"]] as const) {
      const calls = answers(answer);
      const result = apiRequest("/leaderboard", { fallback: "Failed", method, body: method === "POST" ? {} : undefined });
      const settled = expect(result).rejects.toMatchObject({ status: 429 });
      await vi.advanceTimersByTimeAsync(60_000);
      await settled;
      expect(calls).toHaveLength(1);
    }
  });

  it("stops waiting when the caller aborts (a screen left): no second request", async () => {
    setUp();
    const calls = answers(refused("5"), new Response("[]", { status: 200 }));
    const controller = new AbortController();
    const result = apiRequest("/collection", { fallback: "Failed", signal: controller.signal });
    const settled = expect(result).rejects.toBeDefined();
    await vi.advanceTimersByTimeAsync(1000);
    controller.abort();
    await settled;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(1);
  });

  it("reads Retry-After as seconds or as an HTTP date", () => {
    const now = Date.parse("2026-12-01T10:00:00Z");
    expect(retryAfterMs("7", now)).toBe(7000);
    expect(retryAfterMs("Tue, 01 Dec 2026 10:00:03 GMT", now)).toBe(3000);
    expect(retryAfterMs("Tue, 01 Dec 2026 09:00:00 GMT", now)).toBe(0);
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs("soon", now)).toBeNull();
  });
});
