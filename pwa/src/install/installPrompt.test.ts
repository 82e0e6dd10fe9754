import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// A window that is only an event target: the module listens to it as it would to the page.
async function freshModule() {
  vi.resetModules();
  vi.stubGlobal("window", new EventTarget());
  const mod = await import("./installPrompt");
  mod.listenForInstallPrompt();
  return mod;
}

function promptEvent(outcome: "accepted" | "dismissed") {
  const event = new Event("beforeinstallprompt", { cancelable: true });
  const prompt = vi.fn(() => Promise.resolve());
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome, platform: "web" }) });
  return { event, prompt };
}

beforeEach(() => vi.unstubAllGlobals());
// Test files share a process (vitest.config.ts): leave no stubbed window to the next file.
afterEach(() => vi.unstubAllGlobals());

describe("installPrompt", () => {
  it("keeps the browser's offer and stops its own infobar", async () => {
    const mod = await freshModule();
    expect(mod.getInstallSnapshot()).toEqual({ promptReady: false, installed: false });
    const { event } = promptEvent("accepted");
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(mod.getInstallSnapshot()).toEqual({ promptReady: true, installed: false });
  });

  it("prompts once; accepting counts as installed", async () => {
    const mod = await freshModule();
    const seen = vi.fn();
    mod.subscribeInstall(seen);
    const { event, prompt } = promptEvent("accepted");
    window.dispatchEvent(event);
    await expect(mod.promptInstall()).resolves.toBe("accepted");
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(mod.getInstallSnapshot()).toEqual({ promptReady: false, installed: true });
    await expect(mod.promptInstall()).resolves.toBe("unavailable");
    expect(seen).toHaveBeenCalled();
  });

  it("a declined prompt is used up, not installed", async () => {
    const mod = await freshModule();
    window.dispatchEvent(promptEvent("dismissed").event);
    await expect(mod.promptInstall()).resolves.toBe("dismissed");
    expect(mod.getInstallSnapshot()).toEqual({ promptReady: false, installed: false });
  });

  it("appinstalled hides every offer", async () => {
    const mod = await freshModule();
    window.dispatchEvent(promptEvent("accepted").event);
    window.dispatchEvent(new Event("appinstalled"));
    expect(mod.getInstallSnapshot()).toEqual({ promptReady: false, installed: true });
    await expect(mod.promptInstall()).resolves.toBe("unavailable");
  });
});
