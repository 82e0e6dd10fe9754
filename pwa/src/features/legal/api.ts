import { queryOptions } from "@tanstack/react-query";
import { earlyTextNow, fetchText, takeEarlyText } from "../../lib/earlyText";

// The legal texts are plain Markdown files served beside the app (SPEC.md section 7, static).

export type LegalDocumentPath = "/terms-of-service.md" | "/privacy-policy.md";

/** Why a text could not be shown: the file is not there, or it could not be fetched. */
export class LegalTextError extends Error {
  constructor(readonly kind: "missing" | "network") {
    super(kind);
  }
}

async function fetchLegalText(path: LegalDocumentPath): Promise<string> {
  let response: Response;
  try {
    // Asking for Markdown keeps the server's page fallback from answering with index.html; boot
    // may have started this very request already (lib/earlyText.ts).
    response = await (takeEarlyText(path) ?? fetchText(path));
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
    // Already drawn before the app's code ran (earlyLegalPage.ts): the first render shows it too,
    // so the app takes over that page without a loading state in between.
    initialData: () => earlyTextNow(path),
    staleTime: 10 * 60 * 1000,
    retry: false,
    // The service worker's cache answers offline: ask even when the browser reports no network.
    networkMode: "offlineFirst",
    // Public texts, kept when a player signs out.
    meta: { keepOnSignOut: true },
  });
