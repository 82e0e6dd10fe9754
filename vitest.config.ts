import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

// Unit and API tests. Kept apart from vite.config.ts so API tests do not load the PWA plugins.
export default defineConfig({
  // Same alias as vite.config.ts: PWA modules import the shared contract as @contract/*.
  resolve: { alias: { "@contract": path.join(import.meta.dirname, "api/src/contract") } },
  test: {
    include: ["api/**/*.test.ts", "pwa/src/**/*.test.{ts,tsx}", "assets/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default is one fork fewer than the cores: a single fork on a 2-core machine, while
    // most API tests wait on the database. Each file has its own database (testing/testDb.ts), so
    // files run side by side safely; two forks cut CI's two runs by ~100 s.
    maxWorkers: Math.max(2, availableParallelism()),
    // A fork runs its test files one after another in one module cache instead of a fresh one per
    // file: importing the API, knex and PGlite's WebAssembly again for each of 72 files was a third
    // of the run (embedded 202 -> 130 s, PostgreSQL 104 -> 80 s). Files share no state: each has its
    // own database and server, and stubbed globals are restored after each test.
    isolate: false,
  },
});
