import { defineConfig } from "@playwright/test";
import base, { port } from "./playwright.config.ts";

/**
 * `npm run screenshots`: every team page at 1440 px and 390 px into docs/screenshots/, over a
 * seeded team of two (tests/screenshots/seed.setup.ts) on a server of its own, started on an
 * empty DATA_DIR (E2E_PORT, 4339 by default from the npm script: apart from the e2e runs').
 * The e2e projects' browsers (desktop, phone); the seed runs once before both.
 */
const dataDir = `data/e2e-${port}`;

export default defineConfig({
  ...base,
  testDir: "tests/screenshots",
  outputDir: `test-results/screenshots-${port}`,
  fullyParallel: false,
  workers: 1,
  reporter: [["list"]],
  timeout: 120_000,
  projects: [
    { name: "seed", testMatch: /seed\.setup\.ts/ },
    ...(base.projects ?? []).map((project) => ({
      ...project,
      testMatch: /\.spec\.ts/,
      dependencies: ["seed"],
    })),
  ],
  webServer: base.webServer && {
    ...(Array.isArray(base.webServer) ? base.webServer[0] : base.webServer),
    // A fresh data directory: the pages show the seeded team and nothing of earlier runs.
    command: `node -e "require('node:fs').rmSync('${dataDir}', { recursive: true, force: true })" && node server/index.ts`,
  },
});
