// The PWA shares the API's texts, rules and set table, but must not pull the API's validation
// library into its bundle: zod's core is ~24 kB gzip, and a single value import of a zod-built
// contract module from the signed-in shell put it on every signed-in page's first load (the transfer bench's
// ≤170 kB for /collection was missed that way). Type imports are erased and cost nothing.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../../..");
const pwaSrc = join(root, "pwa/src");
const contractDir = join(root, "api/src/contract");

/** Module paths a file imports for their values (not `import type`, not all-`type` specifiers). */
export function valueImports(source: string): string[] {
  const found: string[] = [];
  const statement = /(?:^|\n)\s*(import|export)\s+([^'";]*?)\s*from\s*["']([^"']+)["']|(?:^|\n)\s*import\s*["']([^"']+)["']/g;
  for (const m of source.matchAll(statement)) {
    if (m[4]) {
      found.push(m[4]);
      continue;
    }
    const clause = m[2]!.trim();
    if (clause.startsWith("type ")) continue;
    const braces = /^\{([^}]*)\}$/.exec(clause);
    if (braces) {
      const names = braces[1]!.split(",").map((n) => n.trim()).filter(Boolean);
      if (names.length > 0 && names.every((n) => n.startsWith("type "))) continue;
    }
    found.push(m[3]!);
  }
  return found;
}

function resolveApiModule(from: string, spec: string): string | null {
  let path: string;
  if (spec.startsWith("@contract/")) path = join(contractDir, spec.slice("@contract/".length));
  else if (spec.startsWith(".")) path = resolve(dirname(from), spec);
  else return null;
  if (!path.startsWith(join(root, "api/src"))) return null;
  return path.endsWith(".ts") ? path : `${path}.ts`;
}

/** The bare packages an API module brings in, following its value imports inside api/src. */
function packagesReachedFrom(file: string, seen = new Set<string>()): Set<string> {
  const packages = new Set<string>();
  if (seen.has(file)) return packages;
  seen.add(file);
  for (const spec of valueImports(readFileSync(file, "utf8"))) {
    const next = resolveApiModule(file, spec);
    if (next) for (const p of packagesReachedFrom(next, seen)) packages.add(p);
    else if (!spec.startsWith(".")) packages.add(spec);
  }
  return packages;
}

function pwaSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return pwaSources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

describe("the PWA's imports from the API", () => {
  it("reads imports as the bundler keeps them", () => {
    const source = [
      'import { z } from "zod";',
      'import type { A } from "./a.ts";',
      'import { type B, type C } from "./b.ts";',
      'import { D, type E } from "./d.ts";',
      'export { F } from "./f.ts";',
      'import "./side.css";',
    ].join("\n");
    expect(valueImports(source)).toEqual(["zod", "./d.ts", "./f.ts", "./side.css"]);
  });

  it("never bring zod into the bundle", () => {
    const offenders: string[] = [];
    for (const file of pwaSources(pwaSrc)) {
      for (const spec of valueImports(readFileSync(file, "utf8"))) {
        const apiModule = resolveApiModule(file, spec);
        if (apiModule && packagesReachedFrom(apiModule).has("zod")) offenders.push(`${relative(root, file)} -> ${spec}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
