// A text the page started fetching at boot (lib/preloadPlan.ts), handed once to the code that
// shows it (features/legal/api.ts); a later fetch (retry, revisit) asks the server again. The
// page drawn before the app's code (features/legal/earlyLegalPage.ts) reads a copy of it, and
// once that copy is in, the app's first render starts from it instead of a loading state.

/** The request features/legal/api.ts makes: Markdown, so the server's page fallback does not answer. */
export function fetchText(path: string): Promise<Response> {
  return fetch(path, { headers: { Accept: "text/markdown, text/plain;q=0.9" }, cache: "no-cache" });
}

const early = new Map<string, Promise<Response>>();
const arrived = new Map<string, string>();

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

/**
 * The early text itself, read from a copy of the response (so takeEarlyText's reader still gets
 * the whole body), or null when there is none or it is not a text (missing file, error). Call it
 * right after startEarlyText: the copy must be made before anyone reads the body.
 */
export function readEarlyText(path: string): Promise<string | null> {
  const response = early.get(path);
  if (!response) return Promise.resolve(null);
  return response.then(
    (res) => {
      const type = res.headers.get("Content-Type") ?? "";
      if (!res.ok || type.includes("text/html")) return null;
      return res
        .clone()
        .text()
        .then((text) => {
          arrived.set(path, text);
          return text;
        });
    },
    () => null,
  );
}

/** The early text when it has already arrived (see readEarlyText), else undefined. */
export function earlyTextNow(path: string): string | undefined {
  return arrived.get(path);
}
