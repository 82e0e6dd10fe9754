import { describe, expect, it } from "vitest";
import { queryOfflineView } from "./queryOffline";

const pending = { status: "pending", fetchStatus: "fetching", error: null, data: undefined } as const;
const paused = { status: "pending", fetchStatus: "paused", error: null, data: undefined } as const;
const loaded = { status: "success", fetchStatus: "idle", error: null, data: [1] } as const;
const failed = { status: "error", fetchStatus: "idle", error: new Error("Failed to load"), data: undefined } as const;

describe("queryOfflineView", () => {
  it("a first load online is loading, nothing else", () => {
    expect(queryOfflineView(pending, true)).toEqual({ offline: false, loading: true, error: null, lastKnown: false, missing: false });
  });

  it("a query paused for the network is offline and missing, not loading", () => {
    expect(queryOfflineView(paused, false)).toEqual({ offline: true, loading: false, error: null, lastKnown: false, missing: true });
    // Paused even though the browser still claims a network: TanStack knows better.
    expect(queryOfflineView(paused, true).loading).toBe(false);
    expect(queryOfflineView(paused, true).offline).toBe(true);
  });

  it("data loaded earlier shows as last known while offline", () => {
    expect(queryOfflineView(loaded, false)).toMatchObject({ offline: true, lastKnown: true, missing: false, loading: false });
    expect(queryOfflineView(loaded, true)).toMatchObject({ offline: false, lastKnown: false });
  });

  it("a failure shows online and stays hidden offline", () => {
    expect(queryOfflineView(failed, true).error?.message).toBe("Failed to load");
    expect(queryOfflineView(failed, false)).toMatchObject({ error: null, missing: true });
  });
});
