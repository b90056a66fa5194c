import { defineConfig, devices } from "@playwright/test";
import { chromiumFlags, testChromiumPath } from "./tests/chromium.ts";

// End-to-end tests drive a real Chromium against the built server (`npm run build` first).
export const port = Number(process.env.E2E_PORT ?? 4319);
export const baseURL = `http://127.0.0.1:${port}`;
/**
 * The e2e server's SMTP listener for replies (tests/e2e/team-reply.spec.ts sends to it), on
 * 127.0.0.1: derived from the port, so that runs with different E2E_PORT do not collide.
 */
export const inboundSmtpPort = port + 1000;
/**
 * A site of another origin calling the intake API from the browser (tests/e2e/hosted-client
 * .spec.ts serves it on 127.0.0.1): listed in the e2e server's ALLOWED_ORIGINS. Derived from
 * the port like the SMTP listener's.
 */
export const hostedSitePort = port + 2000;
export const hostedSiteOrigin = `http://127.0.0.1:${hostedSitePort}`;
/** The Bearer token of POST /team/inbound-email, as a mail provider sends it. */
export const inboundToken = "e2e-inbound-token-0123456789abcdef";

const launchOptions = { executablePath: testChromiumPath, args: chromiumFlags };

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: `test-results/e2e-${port}`,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: process.env.CI ? 2 : undefined,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 30_000,
  // CI runs two browsers and the server on two cores: a page can take longer than 5 s to
  // arrive there, and an assertion that holds passes as soon as it holds either way.
  expect: { timeout: process.env.CI ? 10_000 : 5_000 },
  use: {
    baseURL,
    // A failed test keeps its trace: every action with its call log, console, network and
    // sources, and a screenshot of the page. Not the screencast (a quarter of the run's CPU,
    // decision 0096), and in CI not the DOM before and after each action either: recorded for
    // every test to keep a failed one's, it costs an eighth of the e2e run's CPU (decision 0103).
    // `--trace on` brings it back when reproducing a failure.
    trace: {
      mode: "retain-on-failure",
      screenshots: false,
      snapshots: !process.env.CI,
      sources: true,
    },
    launchOptions,
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 }, launchOptions },
    },
    {
      name: "phone",
      use: {
        ...devices["Pixel 7"],
        viewport: { width: 390, height: 844 },
        launchOptions,
      },
    },
  ],
  webServer: {
    command: "node server/index.ts",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: `data/e2e-${port}`,
      LOG_LEVEL: "warn",
      RATE_LIMIT_PER_HOUR: "100000",
      // Two browsers beside the server on two cores hold its event loop past the 250 ms an
      // application waits for its visit's source: team-insights asserts the source it finds.
      VISIT_LOOKUP_MS: "10000",
      ALLOWED_ORIGINS: hostedSiteOrigin,
      // The team's pages are served as http://localhost:PORT: the passkeys' relying party.
      PUBLIC_SITE_URL: `http://localhost:${port}`,
      TEAM_LINK_LIMIT_PER_IP: "100000",
      TEAM_AUTH_LIMIT_PER_IP: "100000",
      PORTAL_LINK_LIMIT_PER_IP: "100000",
      // Replies come back as a mail provider posts them (team-unmatched, team-reply) and by SMTP
      // (team-reply), to the reply addresses of REPLY_DOMAIN (unset: MAIL_FROM's domain).
      INBOUND_TOKEN: inboundToken,
      INBOUND_SMTP_PORT: String(inboundSmtpPort),
      INBOUND_SMTP_HOST: "127.0.0.1",
      // Every spec posts its mail from the same few senders and one address: the mail limits
      // (tested in the unit and reliability suites) would refuse the later specs' messages.
      ...Object.fromEntries(
        ["SENDER", "IP", "APPLICATION"].flatMap((who) =>
          ["MESSAGES", "BYTES"].flatMap((what) =>
            ["HOUR", "DAY"].map((per) => [`INBOUND_${who}_${what}_PER_${per}`, "0"]),
          ),
        ),
      ),
      // Every spec's browsers come from 127.0.0.1, each with a User-Agent of its own: counted
      // as visitors of their own (team-insights), not as the address's first three.
      VISITORS_PER_ADDRESS: "0",
      // Finished uploads are read (posters, previews) within half a second (portal-footage).
      MEDIA_POLL_MS: "500",
      // A request's finished files are gathered into one notice for 1.5 s (portal-client-footage).
      PORTAL_FOOTAGE_NOTICE_WINDOW_MS: "1500",
      // The provider's POST (team-reply) carries its own Authentication-Results of this id.
      INBOUND_AUTHSERV_ID: "mx.provider.example",
    },
  },
});
