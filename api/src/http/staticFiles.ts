import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Context, Next } from "koa";
import serve from "koa-static";

/**
 * Serves, in order: operator files and legal texts (assets/public), generated art and sounds
 * (assets/generated), the built PWA (dist/pwa); then index.html for any other page the player
 * navigates to, so deep links and reloads land in the app.
 */
export function staticFiles(opts: { assetDirs: string[]; pwaDir: string }) {
  const servers = [...opts.assetDirs, opts.pwaDir].filter((dir) => existsSync(dir)).map((dir) =>
    serve(dir, { index: false, setHeaders: cacheHeaders, maxage: 0 }),
  );
  const indexFile = path.join(opts.pwaDir, "index.html");
  return async (ctx: Context, next: Next) => {
    if (ctx.path.startsWith("/api")) return next();
    for (const s of servers) {
      await s(ctx, async () => {});
      if (ctx.body !== undefined && ctx.body !== null) return;
    }
    if ((ctx.method === "GET" || ctx.method === "HEAD") && ctx.accepts("html") && existsSync(indexFile)) {
      ctx.type = "html";
      ctx.set("Cache-Control", "no-cache");
      ctx.body = await readFile(indexFile);
      return;
    }
    return next();
  };
}

function cacheHeaders(res: { setHeader(name: string, value: string): void }, filePath: string) {
  // Vite's hashed bundles never change; everything else (sw.js, index.html, art an operator may
  // replace) is revalidated so updates reach players.
  const hashed = /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}\.(js|css|woff2)$/.test(filePath);
  res.setHeader("Cache-Control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
  if (filePath.endsWith(".md")) res.setHeader("Content-Type", "text/markdown; charset=utf-8");
}
