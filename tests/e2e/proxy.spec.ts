import { createHmac } from "node:crypto";
import path from "node:path";
import SQLite from "better-sqlite3";
import { type Nginx, nginxAvailable, proxyAddress, startNginx } from "../nginx.ts";
import { type BuiltServer, spawnBuiltServer, untilHealthy } from "./helpers/built-server.ts";
import { expect, test } from "./helpers/page-health.ts";
import { fillForm, hydrated, send, toast } from "./onboarding-page.ts";

// The deployment docs/operations.md describes, for real: nginx with deploy/nginx.conf terminating TLS
// (a self-signed certificate) in front of the built server, which trusts nginx's address only
// (TRUST_PROXY=127.0.0.3). Chromium reaches nginx at https://127.0.0.2 from 127.0.0.1; nginx
// reaches the app from 127.0.0.3. The stored IP hash must be the client's, not the proxy's.

const ipHashSecret = "e2e-proxy-ip-hash-secret";
const hmac = (ip: string) => createHmac("sha256", ipHashSecret).update(ip).digest("hex");

const available = nginxAvailable();

test.describe("behind nginx terminating TLS (deploy/nginx.conf)", () => {
  test.skip(({ isMobile }) => isMobile, "once is enough: the desktop project");
  test.skip(!available, "skipped: no nginx");
  test.use({ ignoreHTTPSErrors: true });

  let app: BuiltServer | undefined;
  let nginx: Nginx | undefined;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    app = await startApp();
    nginx = await startNginx(app.port);
  });
  test.afterAll(async () => {
    await nginx?.stop();
    await app?.stop();
  });

  /** The stored applications of `email`: how many, and whose address is behind their IP hash. */
  function stored(email: string) {
    const database = new SQLite(path.join(app?.dataDir ?? "", "reelsmith.db"), {
      readonly: true,
    });
    try {
      const rows = database
        .prepare("select ip_hash from submissions where email = ?")
        .all(email) as { ip_hash: string }[];
      return rows.map((row) =>
        row.ip_hash === hmac("127.0.0.1")
          ? "client 127.0.0.1"
          : row.ip_hash === hmac(proxyAddress)
            ? `proxy ${proxyAddress}`
            : "someone else",
      );
    } finally {
      database.close();
    }
  }

  test.describe("with JavaScript", () => {
    test("the questionnaire reaches /thank-you; stored once, with the client's address", async ({
      page,
    }) => {
      const email = `proxy-js-${Date.now()}@example.com`;
      const response = await page.goto(`${nginx?.url}/onboarding?plan=Creator`);
      // The public scheme reached the app: HSTS, per request.
      expect(response?.headers()["strict-transport-security"]).toContain("max-age=");
      await hydrated(page);
      await fillForm(page, { "Email Address": email });
      const sent = await send(page);
      expect(sent.status()).toBe(200);
      await expect(page).toHaveURL(`${nginx?.url}/thank-you`);
      await expect(toast(page, "Success!")).toBeVisible();
      expect(stored(email)).toEqual(["client 127.0.0.1"]);
    });
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the form posts through the TLS proxy, reaches /thank-you; stored once, with the client's address", async ({
      page,
    }) => {
      const email = `proxy-nojs-${Date.now()}@example.com`;
      await page.goto(`${nginx?.url}/onboarding?plan=Influencer`);
      await fillForm(page, { "Email Address": email });
      const sent = await send(page);
      // Not "Bad Request": React Router sees the public https origin the form was posted from.
      expect(sent.status()).toBe(302);
      expect(sent.request().headers().origin).toBe(nginx?.url);
      await expect(page).toHaveURL(`${nginx?.url}/thank-you`);
      await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
      expect(stored(email)).toEqual(["client 127.0.0.1"]);
    });
  });
});

/** The built server (node server/serve.ts) on a free port of 127.0.0.1, trusting nginx only. */
async function startApp() {
  const app = await spawnBuiltServer(
    { RATE_LIMIT_PER_HOUR: "1000", TRUST_PROXY: proxyAddress, IP_HASH_SECRET: ipHashSecret },
    "inherit",
  );
  await untilHealthy(app);
  return app;
}
