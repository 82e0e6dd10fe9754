// The start-up session check (GET /api/auth), sent by boot.ts before React has loaded when a
// visitor on / has no remembered session: the loading screen shows until it answers (SPEC.md
// section 2), and a new visitor then gets the age gate without waiting for the app's code.
// features/auth/api.ts reads this answer instead of asking again.

/** How long the start-up check may take before a remembered player is let in offline. */
export const SESSION_CHECK_TIMEOUT_MS = 8000;

let early: Promise<Response> | null = null;

export function sendEarlySessionCheck(): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), SESSION_CHECK_TIMEOUT_MS);
  early = fetch("/api/auth", { credentials: "same-origin", cache: "no-store", headers: { Accept: "application/json" }, signal: controller.signal });
  early.then(
    () => clearTimeout(timer),
    () => clearTimeout(timer),
  );
  return early;
}

export function hasEarlySessionCheck(): boolean {
  return early !== null;
}

/** The early check's answer, once (a later check, after sign-out say, asks the server again). */
export function takeEarlySessionCheck(): Promise<Response> | undefined {
  const answer = early ?? undefined;
  early = null;
  return answer;
}
