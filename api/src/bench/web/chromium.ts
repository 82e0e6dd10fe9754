/**
 * The flags every browser run here uses (ARCHITECTURE.md, Browsers): the machine's closed
 * network refuses Chromium's background connections, and there is no GPU. Playwright adds its
 * own headless switch; Lighthouse's launcher needs `--headless=new` added.
 */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Playwright's own `--disable-features` list (playwright-core's chromiumSwitches, this version). */
const PLAYWRIGHT_DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
];

/**
 * The headless browser's omnibox popup is a page of its own (a WebUI renderer, chrome://omnibox-popup)
 * that works on every navigation though nobody sees it: alternated runs of two browser-test files
 * took 85-92 s with it off against 105-106 s (2 cores). Both features must be off for the renderer
 * to go.
 */
const UNSEEN_BROWSER_UI = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"];

/**
 * Launch options for Playwright's Chromium. Chromium reads only the last `--disable-features`
 * switch, so a second one would silently replace Playwright's list: its own is left out and one
 * switch carries both lists (chromium.test.ts checks the browser gets exactly that one).
 */
export const PLAYWRIGHT_CHROMIUM = {
  args: [...CHROMIUM_ARGS, `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNSEEN_BROWSER_UI].join(",")}`],
  ignoreDefaultArgs: [`--disable-features=${PLAYWRIGHT_DISABLED_FEATURES.join(",")}`],
};

/**
 * CPU throttling of the phone-sized runs (issue 11: 4x). BENCH_CPU_SLOWDOWN changes it to see a
 * slower phone, or to read a fast machine the way a slow one reads at 4x (the rows name the rate;
 * their targets are issue 11's, set at 4x).
 */
export const CPU_SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN) || 4;
