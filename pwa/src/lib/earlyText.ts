// A text the page started fetching at boot (lib/preloadPlan.ts), handed once to the code that
// shows it (features/legal/api.ts); a later fetch (retry, revisit) asks the server again.

/** The request features/legal/api.ts makes: Markdown, so the server's page fallback does not answer. */
export function fetchText(path: string): Promise<Response> {
  return fetch(path, { headers: { Accept: "text/markdown, text/plain;q=0.9" }, cache: "no-cache" });
}

const early = new Map<string, Promise<Response>>();

export function startEarlyText(path: string): void {
  const response = fetchText(path);
  // Unobserved until taken: a failure is reported to whoever takes it, not as an unhandled rejection.
  response.catch(() => undefined);
  early.set(path, response);
}

export function takeEarlyText(path: string): Promise<Response> | undefined {
  const response = early.get(path);
  early.delete(path);
  return response;
}
