import type { Context, Next } from "koa";
import { MSG } from "../contract/messages.ts";
import { HttpError } from "./errors.ts";

// The app, Stripe (js.stripe.com, its frames and API) and Pixi (WebGL, blob workers, inline
// styles set by React) must all run; nothing else is allowed to load or frame us.
const CSP = [
  "default-src 'self'",
  "script-src 'self' https://js.stripe.com",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https://*.stripe.com",
  "font-src 'self' data:",
  "media-src 'self' data: blob:",
  "connect-src 'self' https://api.stripe.com https://m.stripe.network",
  "frame-src https://js.stripe.com https://hooks.stripe.com",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

export function securityHeaders() {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
    } finally {
      ctx.set("Content-Security-Policy", CSP);
      ctx.set("X-Content-Type-Options", "nosniff");
      ctx.set("X-Frame-Options", "DENY");
      ctx.set("Referrer-Policy", "strict-origin-when-cross-origin");
      ctx.set("Cross-Origin-Opener-Policy", "same-origin");
      ctx.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(self \"https://js.stripe.com\")");
      if (ctx.secure) ctx.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests from other sites. Browsers send Origin on every cross-site
 * POST/PUT/DELETE, so it must be this site's own origin (or one the operator allows). A request
 * with neither Origin nor a matching Referer (curl, server-to-server) carries no ambient cookie
 * risk from a browser and is let through; the payment webhook is signed and exempt.
 */
export function sameOriginOnly(opts: { allowedOrigins: string[]; exemptPaths: string[] }) {
  return async (ctx: Context, next: Next) => {
    if (SAFE_METHODS.has(ctx.method) || opts.exemptPaths.includes(ctx.path)) return next();
    const origin = ctx.get("Origin") || refererOrigin(ctx.get("Referer"));
    if (origin) {
      const own = `${ctx.protocol}://${ctx.host}`;
      if (origin !== own && !opts.allowedOrigins.includes(origin)) throw new HttpError(403, MSG.forbiddenOrigin);
    }
    return next();
  };
}

function refererOrigin(referer: string): string {
  if (!referer) return "";
  try {
    return new URL(referer).origin;
  } catch {
    return "null";
  }
}
