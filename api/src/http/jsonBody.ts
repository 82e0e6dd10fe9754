import { bodyParser } from "@koa/bodyparser";
import type { Context, Next } from "koa";
import { MSG } from "../contract/messages.ts";
import { badRequest } from "./errors.ts";

/**
 * The JSON body of every route (32 kB at most). A body that cannot be read at all, labelled gzip
 * or deflate but not compressed that way, or cut short, met zlib's error, which carries no HTTP
 * status: it answered 500 on every route, signed in or not. It is the client's mistake: 400.
 * Only errors of the reading are turned; a route's own errors pass through untouched.
 */
export function jsonBody() {
  // DELETE too (DELETE /blocks/:userId): a body it carries passes the same input checks as any other.
  const parse = bodyParser({ enableTypes: ["json"], jsonLimit: "32kb", encoding: "utf-8", parsedMethods: ["POST", "PUT", "PATCH", "DELETE"] });
  return async (ctx: Context, next: Next) => {
    let read = false;
    try {
      await parse(ctx, () => {
        read = true;
        return next();
      });
    } catch (err) {
      if (!read && isUnreadableBody(err)) throw badRequest(MSG.badRequest);
      throw err;
    }
  };
}

/** zlib's errors (Z_DATA_ERROR, Z_BUF_ERROR...) while inflating a request body. */
function isUnreadableBody(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("Z_");
}
