import { readStored, writeStored } from "../../lib/storage";

// The age gate's answer, remembered once per browser with its date. No React here: boot.ts
// reads it to decide whether the first screen is the age gate.

const AGE_GATE_KEY = "foilbound-age-gate";

export function isAgeGateAnswered(): boolean {
  return readStored<{ acceptedAt: string }>(AGE_GATE_KEY) !== undefined;
}

export function rememberAgeGateAnswer(): void {
  writeStored(AGE_GATE_KEY, { acceptedAt: new Date().toISOString() });
}
