// One fetch wrapper for every /api call: same-origin cookies, JSON in and out, and errors that
// carry the server's readable `error` text (or the caller's SPEC.md section 8 fallback).

import { noteServerDate } from "./serverClock";

export class ApiError extends Error {
  constructor(
    message: string,
    /** HTTP status, or 0 when no response arrived (offline, DNS, timeout). */
    readonly status: number,
  ) {
    super(message);
    this.name = "ApiError";
  }

  /** True when the server was never reached: the player is offline or the network failed. */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export interface ApiRequestOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  body?: unknown;
  /** Text shown when the failure carries no server message. */
  fallback: string;
  signal?: AbortSignal;
  /** Abort after this many milliseconds and report a network error. */
  timeoutMs?: number;
  /** Sees a successful answer's headers (e.g. its ETag) before the body is returned. */
  onHeaders?: (headers: Headers) => void;
  /** This request's answer, already asked for (boot.ts's early session check): read, not sent again. */
  answer?: Promise<Response>;
  /** Reads a successful answer's body (default: response.json()), e.g. a long list a slice at a time. */
  readBody?: (response: Response) => Promise<unknown>;
}

const API_BASE = "/api";

// A read the server refused for coming too fast (429: the player's heavy reads are bounded, issue
// 45) is asked again once the server's Retry-After has passed, plus a little jitter so the
// refused reads of one page do not all return at the same instant. Only GETs (asking again
// changes nothing), at most 3 times, and only for a wait the player would sit through.
const POLITE_RETRIES = 3;
const MAX_RETRY_WAIT_MS = 30_000;
const RETRY_JITTER_MS = 500;

/** Retry-After as milliseconds from now: delay-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const done = () => {
      signal?.removeEventListener("abort", stop);
      resolve();
    };
    const timer = window.setTimeout(done, ms);
    const stop = () => {
      window.clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener("abort", stop, { once: true });
  });
}

/** fetch, with the polite retry of a GET refused with 429 and a Retry-After (see above). */
export async function politeFetch(url: string, init: RequestInit = {}): Promise<Response> {
  for (let retries = 0; ; retries++) {
    const response = await fetch(url, init);
    if (response.status !== 429 || (init.method ?? "GET") !== "GET" || retries >= POLITE_RETRIES) return response;
    const ms = retryAfterMs(response.headers.get("Retry-After"));
    if (ms === null || ms > MAX_RETRY_WAIT_MS) return response;
    await response.body?.cancel().catch(() => undefined);
    await wait(ms + Math.random() * RETRY_JITTER_MS, init.signal ?? undefined);
  }
}

export async function apiRequest<T>(path: string, options: ApiRequestOptions): Promise<T> {
  const { method = "GET", body, fallback, signal, timeoutMs, onHeaders, answer, readBody } = options;
  // One controller for both the caller's signal and the timeout (AbortSignal.any is too new for
  // some of the phones this game runs on).
  const controller = new AbortController();
  const forwardAbort = () => controller.abort();
  signal?.addEventListener("abort", forwardAbort, { once: true });
  const timer = timeoutMs ? window.setTimeout(forwardAbort, timeoutMs) : undefined;

  let response: Response;
  const sentAt = Date.now();
  try {
    response = await (answer ?? politeFetch(API_BASE + path, {
      method,
      credentials: "same-origin",
      cache: "no-store",
      headers: body === undefined ? { Accept: "application/json" } : { Accept: "application/json", "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    }));
  } catch (err) {
    // A caller's own abort is not a failure to report; let it propagate unchanged.
    if (signal?.aborted) throw err;
    throw new ApiError(fallback, 0);
  } finally {
    window.clearTimeout(timer);
    signal?.removeEventListener("abort", forwardAbort);
  }

  if (!answer) noteServerDate(response.headers.get("date"), sentAt, Date.now());
  const payload: unknown = await (response.ok && readBody ? readBody(response) : response.json()).catch(() => undefined);
  if (!response.ok) throw new ApiError(errorText(payload) ?? fallback, response.status);
  onHeaders?.(response.headers);
  return payload as T;
}

function errorText(payload: unknown): string | undefined {
  if (payload && typeof payload === "object" && "error" in payload) {
    const text = (payload as { error: unknown }).error;
    if (typeof text === "string" && text.trim()) return text;
  }
  return undefined;
}

/** The text to show for any thrown value: an ApiError's message, otherwise the fallback. */
export function messageOf(err: unknown, fallback: string): string {
  return err instanceof ApiError ? err.message : fallback;
}
