import { queryOptions } from "@tanstack/react-query";

// The legal texts are plain Markdown files served beside the app (SPEC.md section 7, static).

export type LegalDocumentPath = "/terms-of-service.md" | "/privacy-policy.md";

/** Why a text could not be shown: the file is not there, or it could not be fetched. */
export class LegalTextError extends Error {
  constructor(readonly kind: "missing" | "network") {
    super(kind);
  }
}

/**
 * The request index.html started for this text when the page was opened on it (vite.config.ts,
 * earlyPageScript), used once: a later fetch (retry, revisit) asks the server again.
 */
function takeEarlyText(path: LegalDocumentPath): Promise<Response> | undefined {
  const early = (window as { __earlyTexts?: Record<string, Promise<Response> | undefined> }).__earlyTexts;
  const response = early?.[path];
  if (early) delete early[path];
  return response;
}

async function fetchLegalText(path: LegalDocumentPath): Promise<string> {
  let response: Response;
  try {
    // Asking for Markdown keeps the server's page fallback from answering with index.html.
    response = await (takeEarlyText(path) ?? fetch(path, { headers: { Accept: "text/markdown, text/plain;q=0.9" }, cache: "no-cache" }));
  } catch {
    throw new LegalTextError("network");
  }
  const type = response.headers.get("Content-Type") ?? "";
  if (response.status === 404 || (response.ok && type.includes("text/html"))) throw new LegalTextError("missing");
  if (!response.ok) throw new LegalTextError("network");
  return response.text();
}

export const legalTextQueryOptions = (path: LegalDocumentPath) =>
  queryOptions({
    queryKey: ["legal", path],
    queryFn: () => fetchLegalText(path),
    staleTime: 10 * 60 * 1000,
    retry: false,
    // Public texts, kept when a player signs out.
    meta: { keepOnSignOut: true },
  });
