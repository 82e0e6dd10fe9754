import { describe, expect, it } from "vitest";
import { installButtonClicks, isSoundingPress } from "./buttonClicks.ts";

interface FakeEl {
  tag: string;
  attrs: Record<string, string>;
  parent: FakeEl | null;
  hasAttribute(n: string): boolean;
  getAttribute(n: string): string | null;
  closest(selector: string): FakeEl | null;
}

/** A tiny stand-in for DOM elements: a chain of parents with tags and attributes. */
function el(tag: string, attrs: Record<string, string> = {}, parent: FakeEl | null = null): FakeEl {
  const node: FakeEl = {
    tag,
    attrs,
    parent,
    hasAttribute: (n: string) => n in attrs,
    getAttribute: (n: string) => attrs[n] ?? null,
    closest(selector: string): FakeEl | null {
      const wants = selector.split(",").map((s) => s.trim());
      for (let at: FakeEl | null = node; at; at = at.parent) {
        const matches = wants.some((w) => (w === at!.tag) || (w.startsWith("[role=") && at!.attrs.role === w.slice(7, -2)) || (w === "a.btn" && at!.tag === "a" && at!.attrs.class === "btn"));
        if (matches) return at;
      }
      return null;
    },
  };
  return node;
}

describe("the click sound of shared buttons", () => {
  it("sounds for a press inside any enabled button, tab or menu item; not for disabled, opted-out or plain elements", () => {
    const button = el("button");
    expect(isSoundingPress(el("span", {}, button))).toBe(true);
    expect(isSoundingPress(el("div", { role: "tab" }))).toBe(true);
    expect(isSoundingPress(el("div", { role: "menuitem" }))).toBe(true);
    expect(isSoundingPress(el("button", { disabled: "" }))).toBe(false);
    expect(isSoundingPress(el("div", { role: "button", "aria-disabled": "true" }))).toBe(false);
    expect(isSoundingPress(el("button", { "data-no-click-sound": "" }))).toBe(false);
    expect(isSoundingPress(el("p"))).toBe(false);
    expect(isSoundingPress(null)).toBe(false);
  });

  it("one document listener plays once per press, and is removed on dispose", () => {
    const listeners = new Map<string, (e: Event) => void>();
    const doc = { addEventListener: (t: string, f: (e: Event) => void) => listeners.set(t, f), removeEventListener: (t: string) => listeners.delete(t) };
    let clicks = 0;
    const dispose = installButtonClicks(doc as unknown as Document, () => clicks++);
    listeners.get("click")!({ target: el("button") } as unknown as Event);
    listeners.get("click")!({ target: el("p") } as unknown as Event);
    expect(clicks).toBe(1);
    dispose();
    expect(listeners.size).toBe(0);
  });
});
