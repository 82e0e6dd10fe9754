import { afterEach, describe, expect, it, vi } from "vitest";
import { apiRequest } from "./http";
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
