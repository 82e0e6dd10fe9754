/**
 * SPEC.md section 4, Mute: a shared button plays a click sound on every press unless disabled.
 * One listener on the document hears every button press of the game (buttons, links styled as
 * buttons, role=button), so no screen can forget it and none plays it twice. A press on a
 * disabled control never reaches here as a click. `data-no-click-sound` opts out (the effect
 * mute button, which clicks only when sound comes back on).
 */
export const BUTTON_SELECTOR = 'button, [role="button"], [role="tab"], [role="menuitem"], a.btn';

interface ClosestTarget {
  closest(selector: string): { hasAttribute(name: string): boolean; getAttribute(name: string): string | null } | null;
}

export function isSoundingPress(target: unknown): boolean {
  const el = target as Partial<ClosestTarget> | null;
  if (!el || typeof el.closest !== "function") return false;
  const control = el.closest(BUTTON_SELECTOR);
  if (!control) return false;
  if (control.hasAttribute("disabled") || control.getAttribute("aria-disabled") === "true") return false;
  return !control.hasAttribute("data-no-click-sound");
}

export function installButtonClicks(doc: Pick<Document, "addEventListener" | "removeEventListener">, playClick: () => void): () => void {
  const onClick = (event: Event) => {
    if (isSoundingPress(event.target)) playClick();
  };
  doc.addEventListener("click", onClick);
  return () => doc.removeEventListener("click", onClick);
}
