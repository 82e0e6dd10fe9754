// The server's random source: a CSPRNG (RULES.md), never Math.random. Server only (node:crypto);
// the PWA never pulls cards.

import { randomInt } from "node:crypto";
import type { RandomSource } from "./pull.ts";

export const cryptoRandom: RandomSource = {
  int: (maxExclusive) => randomInt(maxExclusive),
};
