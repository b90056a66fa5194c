import { existsSync } from "node:fs";

const installed = (file: string) => (existsSync(file) ? file : undefined);

/**
 * The browser of the Lighthouse bench, the screenshots and the specs that measure what
 * Lighthouse sees (tests/e2e/font-swap.spec.ts): Debian's Chromium by default, CHROME_PATH
 * overrides, and elsewhere (undefined) Playwright's own Chromium.
 */
export const chromiumPath = process.env.CHROME_PATH ?? installed("/usr/bin/chromium");

/**
 * The browser of the other e2e tests: Debian's build of the same Chromium as its headless shell
 * (package `chromium-headless-shell`), which is what Playwright itself runs headless tests on;
 * the same Blink without the full browser around it, a third less CPU per test on two cores
 * (decision 0059). Without the package, or with CHROME_PATH, the browser above.
 */
export const testChromiumPath =
  process.env.CHROME_PATH ?? installed("/usr/bin/chromium-headless-shell") ?? chromiumPath;

/** Flags that keep the browser from reaching out to the network, which this machine refuses. */
export const chromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
