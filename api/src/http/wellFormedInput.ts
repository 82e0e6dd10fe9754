import type { Context, Next } from "koa";
import { MSG } from "../contract/messages.ts";
import { isMalformedText } from "../contract/text.ts";
import { badRequest } from "./errors.ts";

/**
 * The input layer every route stands behind: the path, the query and the JSON body (keys and
 * values) must be well-formed text without control characters. A NUL reached PostgreSQL as a
 * 500 in 8 places and a lone surrogate was stored in chat; here they are one 400 before any route.
 * Routes then check their own shapes (zod) and ranges.
 */
export function wellFormedInput() {
  return async (ctx: Context, next: Next) => {
    if (!ctx.path.startsWith("/api/") || ctx.path.startsWith("/api/stripe/webhook")) return next();
    let path: string;
    try {
      path = decodeURIComponent(ctx.path);
    } catch {
      throw badRequest(MSG.badCharacters); // a percent-escape that is not UTF-8
    }
    if (isMalformedText(path) || !allTextWellFormed(ctx.query) || !allTextWellFormed((ctx.request as { body?: unknown }).body)) {
      throw badRequest(MSG.badCharacters);
    }
    return next();
  };
}

/** Walks without recursion: a 32 kB body can nest arrays 16,000 deep. */
export function allTextWellFormed(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === "string") {
      if (isMalformedText(v)) return false;
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push(item);
    } else if (v && typeof v === "object") {
      for (const [key, item] of Object.entries(v)) {
        if (isMalformedText(key)) return false;
        stack.push(item);
      }
    }
  }
  return true;
}
