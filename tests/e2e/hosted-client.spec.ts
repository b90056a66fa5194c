import path from "node:path";
import SQLite from "better-sqlite3";
import { brand } from "../../app/content/brand.ts";
import { baseURL, hostedSiteOrigin, hostedSitePort } from "../../playwright.config.ts";
import { validApplication } from "../../server/test/fixtures.ts";
import { type BuiltServer, spawnBuiltServer, untilHealthy } from "./helpers/built-server.ts";
import { type HostedSite, invokeIntake, startHostedSite } from "./helpers/hosted-site.ts";
import { uniqueName } from "./helpers/incoming.ts";
import { applicationColumn, recipientOf, sentEmails, withDatabase } from "./helpers/stored.ts";
import { expect, fillForm, hydrated, send, test, toast } from "./onboarding-page.ts";

// Issue 41: a site built on the hosted backend, moved to this server by changing its URL, its
// key and our ALLOWED_ORIGINS, keeps calling `supabase.functions.invoke` from its own origin.

/** An applicant's address no other test uses. */
const applicant = (label: string) =>
  `${uniqueName(label).replaceAll(" ", "-").toLowerCase()}@example.com`;

/** A browser refusing an answer for CORS says so in the console: expected in these tests. */
const corsRefusal = /blocked by CORS policy|Failed to load resource: net::ERR_FAILED/;

test.describe("a site on another origin calling through @supabase/supabase-js", () => {
  test.skip(({ isMobile }) => isMobile, "no layout involved: the desktop project only");
  test.describe.configure({ mode: "serial" });

  let site: HostedSite | undefined;
  let refusedSite: HostedSite | undefined;
  test.beforeAll(async () => {
    site = await startHostedSite(hostedSitePort);
    refusedSite = await startHostedSite(0);
    expect(site.origin).toBe(hostedSiteOrigin);
  });
  test.afterAll(async () => {
    await site?.close();
    await refusedSite?.close();
  });

  test("an allowed origin's functions.invoke is stored and the team notified", async ({ page }) => {
    await page.goto(`${hostedSiteOrigin}/`);
    const email = applicant("hosted");
    const post = page.waitForRequest((request) => request.method() === "POST");
    const invoked = await invokeIntake(page, {
      api: baseURL,
      key: "the-key-the-hosted-backend-gave-the-site",
      body: validApplication({ email }),
      region: "eu-west-1",
    });
    expect(invoked.error).toBeNull();
    expect(invoked.data).toEqual({ ok: true, id: expect.any(String) });
    // The client's own headers went through the preflight.
    expect(Object.keys((await post).headers())).toEqual(
      expect.arrayContaining(["apikey", "authorization", "x-client-info", "x-region"]),
    );
    const { id } = invoked.data as { id: string };
    expect(await applicationColumn(id, "email")).toBe(email);

    await expect
      .poll(
        async () =>
          (await sentEmails((name) => name.includes(id) && name.includes(".team@"))).length,
      )
      .toBe(1);
    const [notice] = await sentEmails((name) => name.includes(id) && name.includes(".team@"));
    expect(notice && recipientOf(notice)).toBe(brand.addresses.team);
    expect(notice?.replyTo?.value[0]?.address).toBe(email);
  });

  test("an origin not in ALLOWED_ORIGINS is refused by the browser, and nothing is stored", async ({
    page,
    health,
  }) => {
    health.allow(corsRefusal);
    const console: string[] = [];
    page.on("console", (message) => console.push(message.text()));
    await page.goto(`${refusedSite?.origin}/`);
    const email = applicant("refused");
    const invoked = await invokeIntake(page, {
      api: baseURL,
      key: "the-key-the-hosted-backend-gave-the-site",
      body: validApplication({ email }),
    });
    // The preflight allowed nothing, so the POST was never sent.
    expect(invoked.error?.name).toBe("FunctionsFetchError");
    expect(console.join("\n")).toMatch(/has been blocked by CORS policy/);
    const rows = await withDatabase((database) =>
      database.db.selectFrom("submissions").select("id").where("email", "=", email).execute(),
    );
    expect(rows).toEqual([]);
  });

  test.describe("with INTAKE_API_KEY set", () => {
    const key = "e2e-publishable-intake-key-0123456789";
    let keyed: BuiltServer | undefined;
    test.beforeAll(async () => {
      test.setTimeout(90_000);
      keyed = await spawnBuiltServer(
        { INTAKE_API_KEY: key, ALLOWED_ORIGINS: hostedSiteOrigin, RATE_LIMIT_PER_HOUR: "1000" },
        "inherit",
      );
      await untilHealthy(keyed);
    });
    test.afterAll(async () => {
      await keyed?.stop();
    });

    /** How many applications of `email` the keyed server stored. */
    function stored(email: string): number {
      const database = new SQLite(path.join(keyed?.dataDir ?? "", "reelsmith.db"), {
        readonly: true,
      });
      try {
        const row = database
          .prepare("select count(*) as n from submissions where email = ?")
          .get(email) as { n: number };
        return row.n;
      } finally {
        database.close();
      }
    }

    test("the wrong key gets 401 and nothing is stored; the right one is stored", async ({
      page,
      health,
    }) => {
      // Chromium logs every 4xx answer to a fetch as a console error.
      health.allow(/Failed to load resource: the server responded with a status of 401/);
      await page.goto(`${hostedSiteOrigin}/`);
      const email = applicant("wrong-key");
      const wrong = await invokeIntake(page, {
        api: keyed?.url ?? "",
        key: `${key}-not`,
        body: validApplication({ email }),
      });
      expect(wrong.error).toEqual({
        name: "FunctionsHttpError",
        status: 401,
        body: { ok: false, error: "unauthorized", message: expect.any(String) },
      });
      expect(stored(email)).toBe(0);

      const right = await invokeIntake(page, {
        api: keyed?.url ?? "",
        key,
        body: validApplication({ email }),
      });
      expect(right.error).toBeNull();
      expect(right.data).toEqual({ ok: true, id: expect.any(String) });
      expect(stored(email)).toBe(1);
    });

    test("the site's own questionnaire needs no key, with JavaScript and without", async ({
      browser,
    }) => {
      for (const javaScriptEnabled of [true, false]) {
        const context = await browser.newContext({ javaScriptEnabled });
        try {
          const page = await context.newPage();
          const email = applicant(javaScriptEnabled ? "own-js" : "own-nojs");
          await page.goto(`${keyed?.url}/onboarding?plan=Creator`);
          if (javaScriptEnabled) await hydrated(page);
          await fillForm(page, { "Email Address": email });
          const sent = await send(page);
          expect(sent.status()).toBe(javaScriptEnabled ? 200 : 302);
          await expect(page).toHaveURL(`${keyed?.url}/thank-you`);
          if (javaScriptEnabled) await expect(toast(page, "Success!")).toBeVisible();
          expect(stored(email)).toBe(1);
        } finally {
          await context.close();
        }
      }
    });
  });
});
