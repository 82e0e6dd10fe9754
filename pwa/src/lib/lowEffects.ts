import { useSyncExternalStore } from "react";
import { readStored, writeStored } from "./storage";

// The player's "Low effects" choice (ARCHITECTURE.md, Effects: offer a low-effects setting for
// phones that struggle). A device preference, not an account one, so it lives in localStorage and
// applies to whoever plays on this device.

const STORAGE_KEY = "foilbound-low-effects";
const listeners = new Set<() => void>();
let current = readStored<boolean>(STORAGE_KEY) === true;

export function getLowEffects(): boolean {
  return current;
}

export function setLowEffects(value: boolean): void {
  current = value;
  writeStored(STORAGE_KEY, value);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** [lowEffects, setLowEffects], shared by the settings switch and every effect. */
export function useLowEffects(): [boolean, (value: boolean) => void] {
  return [useSyncExternalStore(subscribe, getLowEffects, getLowEffects), setLowEffects];
}
