import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { PLAYWRIGHT_CHROMIUM } from "./api/src/bench/web/chromium.ts";
import { MAIL_APP_PORT, MAIL_APP_URL, MAIL_SMTP_PORT } from "./e2e/support/mailServer.ts";

// Browser tests run the real thing: `npm start` (build if needed, migrate, serve PWA + API) on its
// own port and a fresh embedded database. E2E_BASE_URL points them at a running `npm start` of this
// checkout instead (the service-worker tests need the built app), and then nothing is started.
// E2E_PORT lets two checkouts (or two people) run the browser tests side by side.
const PORT = Number(process.env.E2E_PORT ?? 3210);
const externalBaseUrl = process.env.E2E_BASE_URL;
const baseURL = externalBaseUrl ?? `http://localhost:${PORT}`;

// Playwright loads this file in every worker too; only the main process starts the server, so the
// temporary folder is only made when it is needed.
const startsServer = !externalBaseUrl && !process.env.TEST_WORKER_INDEX;
const dataDir = process.env.E2E_DATA_DIR ?? (startsServer ? mkdtempSync(path.join(tmpdir(), "foilbound-e2e-")) : "");
const mailDataDir = startsServer ? mkdtempSync(path.join(tmpdir(), "foilbound-e2e-mail-")) : "";

const serverEnv = {
  LOG_REQUESTS: "0",
  // Every test signs up and in from one address; the real limits are covered by API tests.
  AUTH_ATTEMPTS_PER_IP: "10000",
  AUTH_ATTEMPTS_PER_USERNAME: "1000",
  // Fresh accounts trade at once here (RULES.md: after a day and 10 packs; API tests cover that).
  TRADE_UNLOCK_HOURS: "0",
  TRADE_UNLOCK_PACKS: "0",
};

export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  use: {
    baseURL,
    // Chromium from the system: Playwright cannot download its own browser here.
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: PLAYWRIGHT_CHROMIUM.args,
      // Playwright moves Chromium's shared memory to /tmp, a disk here; /dev/shm is a 24 GB tmpfs.
      ignoreDefaultArgs: ["--disable-dev-shm-usage", ...PLAYWRIGHT_CHROMIUM.ignoreDefaultArgs],
    },
    // Animations off: screens settle at once and axe measures final colours.
    contextOptions: { reducedMotion: "reduce" },
    // No service worker unless a test is about it: otherwise every test's fresh browser precaches the
    // whole app and warms all art and sound, minutes of CI on 2 cores for nothing the test checks.
    // The offline, update and installed-art specs opt back in with test.use({ serviceWorkers: "allow" }).
    serviceWorkers: "block",
    // Recorded on the retry of a failed test only: recording every test (retain-on-failure) cost
    // ~15% of the browser tests' CPU on this 2-core machine.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "desktop", use: { viewport: { width: 1280, height: 800 } }, grepInvert: /@phone/, testIgnore: /update\.spec/ },
    {
      name: "phone",
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
      grep: /@phone/,
      testIgnore: /update\.spec/,
    },
    // Rewrites the served service worker, so it runs alone once everything else has finished.
    { name: "update", use: { viewport: { width: 1280, height: 800 } }, testMatch: /update\.spec/, dependencies: ["desktop", "phone"] },
  ],
  webServer: externalBaseUrl
    ? undefined
    : [
        {
          command: "npm start",
          url: `${baseURL}/api/health`,
          reuseExistingServer: false,
          timeout: 240_000,
          stdout: "ignore",
          stderr: "pipe",
          env: { ...serverEnv, PORT: String(PORT), DATA_DIR: dataDir },
        },
        // The same build with mail on (e2e/support/mailServer.ts): started after the first, which
        // built the app, so it only serves. Its mail goes to the spec's receiver on 127.0.0.1.
        {
          command: "npx tsx api/src/main.ts",
          url: `${MAIL_APP_URL}/api/health`,
          reuseExistingServer: false,
          timeout: 120_000,
          stdout: "ignore",
          stderr: "pipe",
          env: { ...serverEnv, PORT: String(MAIL_APP_PORT), DATA_DIR: mailDataDir, SMTP_URL: `smtp://127.0.0.1:${MAIL_SMTP_PORT}`, MAIL_FROM: "noreply@foilbound.example", PUBLIC_URL: MAIL_APP_URL },
        },
      ],
});
