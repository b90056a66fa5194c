import { existsSync } from "node:fs";

/**
 * The browser of the e2e tests and the Lighthouse bench: Debian's Chromium by default,
 * CHROME_PATH overrides, and elsewhere (undefined) Playwright's own Chromium. The flags keep
 * it from reaching out to the network, which this machine's closed network refuses.
 */
export const chromiumPath =
  process.env.CHROME_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);

export const chromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
