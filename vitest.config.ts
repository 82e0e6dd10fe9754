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
  },
});
