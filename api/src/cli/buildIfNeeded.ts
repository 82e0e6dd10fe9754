// `npm start` runs this first: generates the art and builds the PWA when they are missing or
// older than their sources, so a fresh clone needs only `npm install && npm start`.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { generateAll } from "../../../assets/scripts/generate-all.ts";
import { ROOT_DIR } from "../config.ts";

// Art, icons and sounds first: each generator reruns only when its sources changed or a file is missing.
await generateAll();

const STAMP = path.join(ROOT_DIR, "dist/pwa/index.html");
// artManifest.ts: the manifest's screenshots and shortcut icons are declared there (vite.config.ts reads it).
const SOURCES = ["pwa", "api/src/contract", "api/src/game", "vite.config.ts", "assets/scripts/artManifest.ts", "package.json"];

function newestMtime(target: string): number {
  const full = path.join(ROOT_DIR, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(full)) {
    if (entry === "node_modules" || entry.endsWith(".gen.ts")) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const built = existsSync(STAMP) ? statSync(STAMP).mtimeMs : 0;
const stale = SOURCES.some((s) => newestMtime(s) > built);
if (!stale && !process.argv.includes("--force")) {
  console.log("PWA build is up to date");
} else {
  console.log(built ? "sources changed: rebuilding the PWA" : "no PWA build yet: building it (first start takes a minute)");
  execSync("npx vite build", { cwd: ROOT_DIR, stdio: "inherit" });
}
