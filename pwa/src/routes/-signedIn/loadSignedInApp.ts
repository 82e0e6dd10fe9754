import { lazy } from "react";

// One import for the signed-in chunk: the lazy component and the early start share its promise.
let chunk: Promise<typeof import("./SignedInApp")> | null = null;

/** Starts fetching the signed-in chunk (idempotent); the login screen calls it on first touch. */
export function loadSignedInApp(): Promise<typeof import("./SignedInApp")> {
  chunk ??= import("./SignedInApp");
  return chunk;
}

export const SignedInApp = lazy(loadSignedInApp);
