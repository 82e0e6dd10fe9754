import { lazy } from "react";
import { preloadModules } from "../../lib/loadInStages";
import { readPreloadPlan } from "../../lib/preloadPlan";

// One import for the signed-in chunk: the lazy component and the early start share its promise.
let chunk: Promise<typeof import("./SignedInApp")> | null = null;

/**
 * Starts fetching the signed-in chunk (idempotent); the login screen calls it on first touch. Its
 * own chunks are asked for a few per task first: importing it at once had Vite's preload ask for
 * all of them in one task (~17 chunks and their styles, 40-70 ms at 4x CPU).
 */
export function loadSignedInApp(): Promise<typeof import("./SignedInApp")> {
  chunk ??= preloadModules(readPreloadPlan().signedIn ?? []).then(() => import("./SignedInApp"));
  return chunk;
}

export const SignedInApp = lazy(loadSignedInApp);
