import { createReadStream, existsSync, statSync } from "node:fs";
import path from "node:path";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { SCREENSHOTS, SHORTCUT_ICONS } from "./assets/scripts/artManifest.ts";
import { precompressDir } from "./assets/scripts/lib/precompress.ts";
import { ART_CACHE, ART_MAX_ENTRIES, ASSET_MAX_AGE_S, SOUND_CACHE, SOUND_MAX_ENTRIES } from "./pwa/src/offline/assetCaches.ts";

const root = import.meta.dirname;
const API_PORT = Number(process.env.API_PORT || 3001);
// Operator files first, then generated ones: the same order the Node server uses.
const ASSET_DIRS = [path.join(root, "assets/public"), path.join(root, "assets/generated")];

/** In `npm run dev`, serve art, sounds and legal texts straight from assets/ as the server does. */
function serveAssets(): Plugin {
  const types: Record<string, string> = {
    ".png": "image/png", ".webp": "image/webp", ".svg": "image/svg+xml", ".md": "text/markdown; charset=utf-8",
    ".mp3": "audio/mpeg", ".opus": "audio/ogg; codecs=opus", ".ogg": "audio/ogg", ".json": "application/json",
  };
  return {
    name: "foilbound-assets",
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = decodeURIComponent((req.url || "/").split("?")[0]!);
        if (url.includes("..")) return next();
        for (const dir of ASSET_DIRS) {
          const file = path.join(dir, url);
          if (existsSync(file) && statSync(file).isFile()) {
            res.setHeader("Content-Type", types[path.extname(file)] || "application/octet-stream");
            createReadStream(file).pipe(res);
            return;
          }
        }
        next();
      });
    },
  };
}

/**
 * After the build (and after vite-plugin-pwa has written sw.js and the manifest), writes .br and
 * .gz copies of every text file of dist/pwa for the server to send by content negotiation.
 */
function precompress(): Plugin {
  let outDir = "";
  return {
    name: "foilbound-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: "post",
      sequential: true,
      async handler() {
        const r = await precompressDir(outDir);
        const kB = (n: number) => `${(n / 1024).toFixed(0)} kB`;
        console.log(`precompress: ${r.files} files, ${kB(r.rawBytes)} -> gzip ${kB(r.gzipBytes)}, br ${kB(r.brBytes)}`);
      },
    },
  };
}

/**
 * boot.ts imports the libraries and the app one per task (lib/loadInStages.ts); without help the
 * browser would discover each chunk only when the previous one has run, a round trip each. This
 * lists in index.html every chunk the entry imports dynamically, and their static imports, for
 * boot.ts to preload all at once (lib/preloadPlan.ts reads it).
 */
function preloadStagedChunks(): Plugin {
  // The legal pages (routes/terms.tsx, routes/privacy.tsx) and the text each one shows: their
  // largest element is that text, which otherwise waited for the app's code, then the route's
  // chunk, then the text's fetch (issue 11: /terms LCP 3.1 s).
  const PUBLIC_PAGES: Record<string, { module: string; text: string }> = {
    "/terms": { module: "/routes/terms.tsx", text: "/terms-of-service.md" },
    "/privacy": { module: "/routes/privacy.tsx", text: "/privacy-policy.md" },
  };
  // Screens boot.ts draws without React, imported by it only where they show: not staged for
  // every visit (a signed-in player's /collection fetched both for nothing).
  const EARLY_SCREENS = ["/features/legal/earlyLegalPage.ts", "/features/auth/earlyAgeGate.ts"];
  return {
    name: "foilbound-preload-staged-chunks",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        const entry = ctx.chunk;
        if (!bundle || !entry) return;
        const files = new Set<string>();
        const visit = (file: string) => {
          const chunk = bundle[file];
          if (files.has(file) || !chunk || chunk.type !== "chunk") return;
          files.add(file);
          chunk.imports.forEach(visit);
        };
        const isEarlyScreen = (file: string) => {
          const chunk = bundle[file];
          return chunk?.type === "chunk" && EARLY_SCREENS.some((module) => chunk.facadeModuleId?.endsWith(module));
        };
        entry.dynamicImports.filter((file) => !isEarlyScreen(file)).forEach(visit);
        // The entry and what it imports statically are already in the page.
        files.delete(entry.fileName);
        entry.imports.forEach((file) => files.delete(file));
        const staged = [...files];
        /** A dynamic chunk and what it imports statically, beyond the entry and the staged chunks. */
        const ownChunks = (start: string): Set<string> => {
          const own = new Set<string>();
          const visitOwn = (file: string) => {
            const c = bundle[file];
            if (own.has(file) || files.has(file) || file === entry.fileName || !c || c.type !== "chunk") return;
            own.add(file);
            c.imports.forEach(visitOwn);
          };
          visitOwn(start);
          return own;
        };
        // The signed-out pages' own chunks and texts, started by an inline script on those paths only.
        const pages: Record<string, { files: string[]; text: string }> = {};
        for (const [pagePath, page] of Object.entries(PUBLIC_PAGES)) {
          const chunk = Object.values(bundle).find((c) => c.type === "chunk" && c.isDynamicEntry && c.facadeModuleId?.includes(page.module));
          if (!chunk || chunk.type !== "chunk") continue;
          const own = ownChunks(chunk.fileName);
          const css = [...own].flatMap((file) => [...((bundle[file] as { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ?? [])]);
          pages[pagePath] = { files: [...own, ...css].map((file) => `/${file}`), text: page.text };
        }
        // The signed-in game's own chunks (routes/-signedIn/SignedInApp.tsx and what it imports
        // beyond the staged ones): loadSignedInApp asks for them a few per task before importing
        // it, instead of Vite's preload asking for all ~17 (and their styles) in one task (40-70 ms at 4x CPU).
        const signedInChunk = Object.values(bundle).find((c) => c.type === "chunk" && c.isDynamicEntry && c.facadeModuleId?.endsWith("/routes/-signedIn/SignedInApp.tsx"));
        const signedIn = signedInChunk?.type === "chunk" ? ownChunks(signedInChunk.fileName) : new Set<string>();
        // Each game view's own chunks (routes/<view>.tsx, split out by the router plugin): router.ts
        // asks for them a few per task before importing the view, instead of Vite's preload asking
        // for all of them (~25 for /collection) in one task (~15 ms in Lighthouse's trace).
        const routes: Record<string, string[]> = {};
        for (const chunk of Object.values(bundle)) {
          const view = chunk.type === "chunk" && chunk.isDynamicEntry ? chunk.facadeModuleId?.match(/\/routes\/(\w+)\.tsx(\?|$)/)?.[1] : undefined;
          if (!view) continue;
          const viewPath = view === "index" ? "/" : `/${view}`;
          if (PUBLIC_PAGES[viewPath]) continue;
          routes[viewPath] = [...ownChunks(chunk.fileName)].map((file) => `/${file}`);
        }
        // A plan for boot.ts, as data (the server's CSP allows no inline script): the staged chunks,
        // preloaded after the first paint (as <link>s here they took the bandwidth the stylesheet
        // and the logo need first), and each legal page's own files and text, started at once.
        return [
          { tag: "meta", attrs: { name: "foilbound-preload", content: JSON.stringify({ staged: staged.map((file) => `/${file}`), signedIn: [...signedIn].map((file) => `/${file}`), routes, pages }) }, injectTo: "head" as const },
        ];
      },
    },
  };
}

/**
 * The code every start runs (boot.ts, the libraries it stages, main.tsx, the signed-in game's
 * shell): V8 otherwise compiles each function on the main thread the first time it runs, inside
 * the start's tasks. `//# allFunctionsCalledOnLoad` on the first line (Chrome's explicit compile
 * hints) has the whole file compiled on a background thread while it downloads instead. A first
 * visit of /collection at 4x CPU, traced (3 pages each): main-thread compiling 426-498 ms ->
 * 106-195 ms. Not for chunks that are mostly code a start never calls (Dexie, PixiJS, the reveal).
 */
const STARTUP_MODULES = [
  /\/pwa\/src\/(boot|main)\.tsx?$/,
  /\/pwa\/src\/routes\/-signedIn\/SignedInApp\.tsx$/,
  /\/node_modules\/react-dom\/cjs\/react-dom-client\.production\.js$/,
  /\/node_modules\/@tanstack\/(router-core|react-router|query-core|react-query)\//,
];
const COMPILE_HINT = "//# allFunctionsCalledOnLoad";
function compileHints(): Plugin {
  return {
    name: "foilbound-compile-hints",
    apply: "build",
    enforce: "post",
    generateBundle: {
      // The hint counts only on the very first line: after Vite has put its preload helper
      // (__vite__mapDeps) at the top of the chunks that import others dynamically.
      order: "post",
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== "chunk" || !chunk.moduleIds.some((id) => STARTUP_MODULES.some((pattern) => pattern.test(id)))) continue;
          // After the file names' hashes, as Vite's own helper is: a browser holding the file from
          // a build without the hint just compiles it the old way.
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
          // One line more at the top: the source map's lines move down by one.
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
          const mapFile = bundle[`${chunk.fileName}.map`];
          if (mapFile?.type === "asset") {
            const map = JSON.parse(String(mapFile.source)) as { mappings: string };
            map.mappings = `;${map.mappings}`;
            mapFile.source = JSON.stringify(map);
          }
        }
      },
    },
  };
}

// The small modules that both first screens (the login and a signed-in view) load: shared UI parts,
// the texts and rules, the HTTP client. Left to themselves they become ~20 chunks of a few hundred
// bytes (the early pages drawn without React import some of their neighbours), each compressed
// alone and asked for alone. Scripts only: a stylesheet the early pages import stays theirs.
const CORE_MODULE =
  /\/pwa\/src\/lib\/(ui\/(Button|Dialog|ErrorBanner|Icon|LazyPart|Logo|PartNotLoadedDialog|PasskeyButton|TextField|useSvgId)\.tsx?|(http|serverClock|session|usePageTitle|appConfig|useOnlineStatus|passkeys|routeError)\.ts)$|\/api\/src\/contract\/(messages|rules)\.ts$|\/pwa\/src\/features\/auth\/(api|hooks)\.ts$/;
// Likewise what the signed-in shell (routes/-signedIn/SignedInApp.tsx) imports beside its own code,
// on every signed-in visit: sounds, live events, the offline copies, rewards, card images.
const SHELL_MODULE =
  /\/pwa\/src\/(audio\/(soundPlan|soundBank|useAudio)|lib\/(ui\/CurrencyIcon|quietIdle|format|userData|rank|useNow|jsonArrayStream)|live\/liveEvents|offline\/(lastKnown|db|collectionMirror|playerSnapshot|leaderboardSnapshot|collectionQuery)|features\/(leaderboard\/api|rewards\/(rewardRules|api|hooks)|battle\/api|trading\/api)|effects\/(revealActivity|tiers|cardImages))\.tsx?$|\/assets\/scripts\/(lib\/sets|artManifest)\.ts$|\/api\/src\/game\/sets\.ts$/;

export default defineConfig({
  root: path.join(root, "pwa"),
  publicDir: path.join(root, "pwa/public"),
  // The PWA imports shared texts, rules and types from the API contract (plain modules, no zod).
  resolve: { alias: { "@contract": path.join(root, "api/src/contract") } },
  build: {
    outDir: path.join(root, "dist/pwa"),
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: { output: { codeSplitting: { groups: [
      { name: "core", test: CORE_MODULE, includeDependenciesRecursively: false },
      { name: "shell", test: SHELL_MODULE, includeDependenciesRecursively: false },
    ] } } },
  },
  // The card parts worker (effects/cardPartWorker.ts) is a module worker: it shares the card
  // drawing code with the page as ES modules.
  worker: { format: "es" },
  server: {
    port: 5173,
    proxy: { "/api": { target: `http://localhost:${API_PORT}`, changeOrigin: false } },
  },
  plugins: [
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      routesDirectory: path.join(root, "pwa/src/routes"),
      generatedRouteTree: path.join(root, "pwa/src/routeTree.gen.ts"),
    }),
    react(),
    serveAssets(),
    preloadStagedChunks(),
    compileHints(),
    VitePWA({
      registerType: "prompt",
      injectRegister: false,
      includeManifestIcons: false,
      manifest: {
        name: "Foilbound",
        short_name: "Foilbound",
        description: "Open foil card packs, build your collection, battle and trade. 18+ only.",
        theme_color: "#0b0a14",
        background_color: "#0b0a14",
        // The installed app's identity: stays the same whatever start_url becomes later.
        id: "/",
        display: "standalone",
        // Phones in either hand, desktops and tablets in landscape: nothing is portrait-only.
        orientation: "any",
        start_url: "/",
        scope: "/",
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
          { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
        shortcuts: [
          { name: "Packs", short_name: "Packs", description: "Open card packs", url: "/", icons: [{ src: SHORTCUT_ICONS.packs, sizes: `${SHORTCUT_ICONS.size}x${SHORTCUT_ICONS.size}`, type: "image/png" }] },
          {
            name: "Collection",
            short_name: "Collection",
            description: "Browse your card collection",
            url: "/collection",
            icons: [{ src: SHORTCUT_ICONS.collection, sizes: `${SHORTCUT_ICONS.size}x${SHORTCUT_ICONS.size}`, type: "image/png" }],
          },
        ],
        // Drawn by assets/scripts/generate-screenshots.ts at exactly these sizes.
        screenshots: SCREENSHOTS.map((shot) => ({
          src: `/${shot.file}`,
          sizes: `${shot.width}x${shot.height}`,
          type: "image/png",
          form_factor: shot.formFactor,
          label: shot.label,
        })),
      },
      workbox: {
        // Precache the app shell only; art and sounds go to runtime caches (warmed after sign-in:
        // offline/useAssetWarmUp.ts).
        globPatterns: ["**/*.{js,css,html,woff2}"],
        navigateFallback: "/index.html",
        navigateFallbackDenylist: [/^\/api/],
        // Updates wait for the player (registerType "prompt": no skipWaiting). Claiming only matters
        // on the first install, when nothing else controls the page: the art and sound warm-up can
        // start in that same visit instead of the next one.
        clientsClaim: true,
        // An update removes the old version's precache entries only; the runtime caches below keep
        // their names (assetCaches.ts) and their contents across versions.
        cleanupOutdatedCaches: true,
        // Issue 47: what a tap on a background notification does (assets/public/sw-notifications.js).
        importScripts: ["/sw-notifications.js"],
        runtimeCaching: [
          {
            // The game's art by path (the warm-up's own fetches have no "image" destination), and
            // any other picture the page shows. (These functions are copied into sw.js as text:
            // they can use no outside names, hence the literal paths; see artManifest.ts.)
            urlPattern: ({ request, url }) => request.destination === "image" || /^\/(cards|backgrounds|packs)\/[^/]+\.(webp|png)$/.test(url.pathname),
            handler: "CacheFirst",
            options: {
              cacheName: ART_CACHE,
              expiration: { maxEntries: ART_MAX_ENTRIES, maxAgeSeconds: ASSET_MAX_AGE_S },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // Opus and MP3 (whichever the browser plays), never precached. The streamed music asks
            // for byte ranges: answer them from the cached whole file (the warm-up fetches it whole).
            urlPattern: ({ url }) => /^\/sounds\/[^/]+\.(opus|mp3)$/.test(url.pathname),
            handler: "CacheFirst",
            options: {
              cacheName: SOUND_CACHE,
              expiration: { maxEntries: SOUND_MAX_ENTRIES, maxAgeSeconds: ASSET_MAX_AGE_S },
              cacheableResponse: { statuses: [200] },
              rangeRequests: true,
            },
          },
          {
            urlPattern: ({ url }) => url.pathname.endsWith(".md"),
            handler: "StaleWhileRevalidate",
            options: { cacheName: "foilbound-texts" },
          },
        ],
      },
    }),
    precompress(),
  ],
});
