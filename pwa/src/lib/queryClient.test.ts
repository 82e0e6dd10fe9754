import { onlineManager } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "./queryClient";

describe("createQueryClient", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    onlineManager.setOnline(true);
  });

  it("starts offline when the page loads without a network, so queries pause instead of failing", async () => {
    vi.stubGlobal("navigator", { onLine: false });
    const client = createQueryClient();
    // What QueryClientProvider does: the client listens to the network from here on.
    client.mount();
    expect(onlineManager.isOnline()).toBe(false);
    const fetched = vi.fn(async () => "data");
    void client.fetchQuery({ queryKey: ["x"], queryFn: fetched });
    await Promise.resolve();
    expect(fetched).not.toHaveBeenCalled();
    expect(client.getQueryCache().find({ queryKey: ["x"] })?.state.fetchStatus).toBe("paused");

    // The network comes back: the paused query runs by itself.
    onlineManager.setOnline(true);
    await vi.waitFor(() => expect(fetched).toHaveBeenCalledTimes(1));
    client.unmount();
    client.clear();
  });

  it("starts online when the browser says so, or says nothing (no navigator.onLine)", () => {
    vi.stubGlobal("navigator", {});
    createQueryClient();
    expect(onlineManager.isOnline()).toBe(true);
    vi.stubGlobal("navigator", { onLine: true });
    createQueryClient();
    expect(onlineManager.isOnline()).toBe(true);
  });
});
