import type { Context, Next } from "koa";
import { DBError, NotFoundError, UniqueViolationError, ValidationError } from "objection";
import { MSG } from "../contract/messages.ts";
import { PasswordQueueFullError } from "../lib/passwords.ts";
import type { Logger } from "../logger.ts";

/** An error whose message a player may read. Anything else becomes a 500 with a generic text. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Sent as Retry-After: when the player may ask again (a 429 past a limit). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string = MSG.notAuthenticated) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string = MSG.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string = MSG.tooManyAttempts, retryAfterSeconds?: number) => new HttpError(429, message, retryAfterSeconds);

/** Maps every failure to `{ error }`; never leaks SQL or a stack to the client. */
export function errorHandler(log: Logger) {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
      // Answers the router gives by itself (404, 405 Method Not Allowed, 501) carry no body;
      // every API error is `{ error }`.
      if (ctx.status >= 400 && ctx.body == null && ctx.path.startsWith("/api")) {
        const status = ctx.status;
        ctx.body = { error: status === 404 ? MSG.notFound : status === 405 || status === 501 ? MSG.methodNotAllowed : MSG.badRequest };
        ctx.status = status;
      }
    } catch (err) {
      const { status, message } = toHttp(err);
      if (status >= 500) log.error("request failed", { path: ctx.path, method: ctx.method, err: describe(err) });
      if (err instanceof HttpError && err.retryAfterSeconds !== undefined) ctx.set("Retry-After", String(Math.max(1, Math.ceil(err.retryAfterSeconds))));
      ctx.status = status;
      ctx.body = { error: message };
    }
  };
}

function toHttp(err: unknown): { status: number; message: string } {
  if (err instanceof HttpError) return { status: err.status, message: err.message };
  if (err instanceof PasswordQueueFullError) return { status: 429, message: MSG.passwordCheckBusy };
  if (err instanceof ValidationError) return { status: 400, message: MSG.badRequest };
  if (err instanceof NotFoundError) return { status: 404, message: MSG.notFound };
  if (err instanceof UniqueViolationError) return { status: 409, message: "That already exists" };
  const e = err as { status?: number; expose?: boolean; message?: string; type?: string };
  // koa / body parser errors (malformed JSON, payload too large) carry a status and are safe to show.
  if (typeof e?.status === "number" && e.status >= 400 && e.status < 500) {
    return { status: e.status, message: e.status === 413 ? "Request too large" : MSG.badRequest };
  }
  // A value past its column's range (a counter that outgrew it): the statement failed whole, so
  // nothing was written, and the player can be told. Before DBError, which objection makes of it.
  if (postgresCodeOf(err) === NUMERIC_VALUE_OUT_OF_RANGE) return { status: 400, message: MSG.numberTooLarge };
  if (err instanceof DBError || isConnectionError(err)) return { status: 503, message: MSG.databaseUnavailable };
  return { status: 500, message: MSG.serverError };
}

const NUMERIC_VALUE_OUT_OF_RANGE = "22003";

/** PostgreSQL's SQLSTATE of a database error, raw (node-pg, PGlite) or wrapped by objection (DBError). */
function postgresCodeOf(err: unknown): string | undefined {
  const e = err as { code?: unknown; nativeError?: { code?: unknown } } | null;
  const code = e?.nativeError?.code ?? e?.code;
  return typeof code === "string" ? code : undefined;
}

// The database went away or is restarting: connection refused or reset, PostgreSQL's admin
// shutdown / crash / cannot-connect-now, too many connections, the 08 connection class.
const CONNECTION_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "57P01", "57P02", "57P03", "53300", "08000", "08001", "08003", "08004", "08006"]);
const CONNECTION_MESSAGES = /Connection terminated|connection error|Timeout acquiring a connection|Connection ended unexpectedly/i;

/** A request that met a dropped or refused database connection: 503, try again (not a bug, not a 500). */
function isConnectionError(err: unknown): boolean {
  const e = err as { code?: string; message?: string; name?: string };
  if (e?.code && CONNECTION_CODES.has(e.code)) return true;
  return e?.name === "KnexTimeoutError" || (typeof e?.message === "string" && CONNECTION_MESSAGES.test(e.message));
}

function describe(err: unknown) {
  return err instanceof Error ? { name: err.name, message: err.message, stack: err.stack } : { value: String(err) };
}

// A player who closes the tab mid-download is not a server fault: these codes mean the client left.
const CLIENT_GONE = new Set(["ERR_STREAM_PREMATURE_CLOSE", "ECONNRESET", "EPIPE", "ECONNABORTED"]);

/**
 * Koa's app-level "error" event: failures after the response started (a stream that broke while
 * being sent). Koa's default prints a stack to stderr; here it is one structured line, and a
 * client that went away is not logged at all.
 */
export function logAppError(log: Logger) {
  return (err: unknown, ctx?: Context) => {
    const code = (err as { code?: string })?.code;
    if (code && CLIENT_GONE.has(code)) return;
    log.error("response failed", { path: ctx?.path, method: ctx?.method, err: describe(err) });
  };
}
