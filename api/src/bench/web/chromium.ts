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
