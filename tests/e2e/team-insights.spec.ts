import type { Browser, Page } from "@playwright/test";
import { beaconPath } from "../../app/shared/paths.ts";
import { baseURL } from "../../playwright.config.ts";
import { expectNoViolations } from "./helpers/axe";
import { phoneWithScriptsOnly } from "./helpers/javascript";
import { expect, test } from "./helpers/page-health";
import { applicationColumn } from "./helpers/stored";
import { memberAddress, openTeamMenu, signIn, teamOrigin } from "./helpers/team";
import { fillForm, hydrated } from "./onboarding-page";

// Insights as a new member finds them, at 1440 px with scripts on and off on the team's side and at
// 390 px with scripts on (phoneWithScriptsOnly): visitors from three sources (another site, a UTM
// link, direct), each with a User-Agent of their own, walk / and /onboarding, some apply; a bot and
// a prefetch come too. The e2e server is shared by every spec: this test counts only its own
// visitors, told apart by a referring site and a campaign of this run.

const chrome = (who: string) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) ${who} Chrome/142.0.0.0 Safari/537.36`;

interface Visitor {
  name: string;
  /** Where they land: a path, and the page that sent them. */
  landing: string;
  referer?: string;
  /** The plan they choose on /, if they go on. */
  plan?: "Creator" | "Influencer" | "Enterprise";
  /** Types one answer, then leaves. */
  starts?: boolean;
  applies?: boolean;
}

/** One person in a browser of their own: lands, chooses a plan, starts or applies. */
async function walk(browser: Browser, run: string, visitor: Visitor) {
  // A visitor's browser runs scripts whatever the team's side does (test.use sets defaults).
  const context = await browser.newContext({
    userAgent: chrome(`${visitor.name} ${run}`),
    baseURL,
    javaScriptEnabled: true,
  });
  const page = await context.newPage();
  await page.goto(visitor.landing, { referer: visitor.referer });
  if (visitor.plan) {
    await page.locator(`a[href="/onboarding?plan=${visitor.plan}"]`).first().click();
    await page.waitForURL(/\/onboarding/);
    await hydrated(page);
    if (visitor.starts) {
      // The question started goes out with the token the page was served with, and is taken.
      // Once in CI (2026-11-30) no answer came in three minutes: the wait is bounded, and a
      // failure says whether the browser sent a beacon at all and what the page was served.
      const sent: string[] = [];
      page.on("request", (r) => {
        if (new URL(r.url()).pathname === beaconPath) sent.push(r.postData() ?? "");
      });
      const beacon = page.waitForResponse(
        (r) => new URL(r.url()).pathname === beaconPath && r.request().method() === "POST",
        { timeout: 30_000 },
      );
      await page.getByLabel("Full Name", { exact: true }).fill(visitor.name);
      const answer = await beacon.catch(async (error: Error) => {
        const html = await page.content();
        const token = /beaconToken\W+([\w-]*)/.exec(html)?.[1];
        throw new Error(
          `no beacon answer: ${error.message}; beacons the browser sent: ${JSON.stringify(sent)}; ` +
            `the page's token: ${JSON.stringify(token ?? null)}; activationStart: ${await page.evaluate(
              () =>
                (performance.getEntriesByType("navigation")[0] as { activationStart?: number })
                  ?.activationStart ?? 0,
            )}`,
        );
      });
      expect(JSON.parse(answer.request().postData() ?? "{}")).toEqual({
        type: "start",
        question: "name",
        token: expect.stringMatching(/^[\w-]{43}$/),
      });
      expect(answer.status()).toBe(204);
    }
    if (visitor.applies) {
      await fillForm(page, {
        "Full Name": `${visitor.name} ${run}`,
        "Email Address": emailOf(visitor, run),
      });
      await page.getByRole("button", { name: "Start My Growth Journey" }).click();
      await page.waitForURL(/\/thank-you/);
    }
  }
  await context.close();
}

const emailOf = (visitor: Visitor, run: string) =>
  `${visitor.name.toLowerCase()}-${run}@example.com`;

function sourceRow(page: Page, source: string) {
  return page.getByRole("row", { name: new RegExp(source) });
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"} on the team's side`, () => {
    test.use({ javaScriptEnabled });
    phoneWithScriptsOnly(javaScriptEnabled);

    test("Insights counts each source's visitors and applications; each application shows its source", async ({
      page,
      browser,
      request,
    }, info) => {
      test.setTimeout(180_000);
      const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      const site = `ref-${run}.example`;
      const campaign = `spring-${run}`;
      const utm = `/?utm_source=newsletter&utm_medium=email&utm_campaign=${campaign}`;
      const visitors: Visitor[] = [
        {
          name: "Ada",
          landing: "/",
          referer: `https://${site}/post`,
          plan: "Influencer",
          applies: true,
        },
        { name: "Bo", landing: "/", referer: `https://www.${site}/` },
        { name: "Cy", landing: utm, plan: "Creator", applies: true },
        { name: "Di", landing: utm, plan: "Enterprise", starts: true },
        { name: "Ed", landing: "/", plan: "Enterprise", applies: true },
      ];
      for (const visitor of visitors) await walk(browser, run, visitor);
      // A bot and a prefetch, from the same site and link: nothing of theirs is counted.
      const bot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
      await request.get(`${baseURL}${utm}`, { headers: { "User-Agent": bot } });
      await request.get(`${baseURL}/`, {
        headers: { "User-Agent": bot, Referer: `https://${site}/` },
      });
      await request.get(`${baseURL}${utm}`, {
        headers: { "User-Agent": chrome(`Prefetch ${run}`), "Sec-Purpose": "prefetch" },
      });

      await signIn(page, memberAddress("insights", info.project.name));
      await (await openTeamMenu(page)).getByRole("link", { name: "Insights" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Insights" })).toBeVisible();
      // Hits are written every few seconds: reload until they are in.
      await expect(async () => {
        await page.reload();
        await expect(sourceRow(page, site).getByRole("cell")).toHaveText([
          "—",
          "—",
          "2",
          "1",
          "50 %",
        ]);
        await expect(sourceRow(page, `newsletter.*${campaign}`).getByRole("cell")).toHaveText([
          "email",
          campaign,
          "2",
          "1",
          "50 %",
        ]);
      }).toPass({ timeout: 30_000 });
      await expect(
        page.getByRole("img", { name: /Visitors and applications per day/ }),
      ).toBeVisible();
      await expectNoViolations(page, "insights", javaScriptEnabled);
      await page.getByRole("link", { name: "Last 7 days" }).click();
      await expect(page.getByRole("link", { name: "Last 7 days" })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect(sourceRow(page, site).getByRole("cell").nth(2)).toHaveText("2");

      const csv = await page.request.get(`${teamOrigin}/team/insights/export?days=7`);
      expect(csv.headers()["content-type"]).toContain("text/csv");
      expect((await csv.text()).split("\n")[0]).toBe(
        "day,visitors,chosePlan,started,applications,conversion",
      );

      // Each application, its source: the referring site, the campaign, Direct.
      const expected = [
        { name: "Ada", source: site, campaign: "—" },
        { name: "Cy", source: "newsletter", campaign },
        { name: "Ed", source: "Direct", campaign: "—" },
      ];
      for (const { name, source, campaign: shown } of expected) {
        const id = await applicationColumn(emailOf({ name, landing: "/" }, run), "id", "email");
        await page.goto(`${teamOrigin}/team/applications/${id}`);
        // The source is a detail: folded under the page's Details. Opened once the page is
        // React's: a click before hydration can be undone by it (CI, 2026-11-29, once).
        if (javaScriptEnabled) await hydrated(page);
        const details = page.locator("#details");
        await expect(async () => {
          if (!(await details.evaluate((element) => (element as HTMLDetailsElement).open))) {
            await details.locator("> summary").click();
          }
          await expect(details).toHaveAttribute("open", "", { timeout: 2_000 });
        }).toPass({ timeout: 15_000 });
        const panel = page.getByRole("region", { name: "Source" });
        await expect(panel.getByRole("definition").first()).toHaveText(source);
        await expect(panel.getByRole("definition").nth(2)).toHaveText(shown);
      }
      await expectNoViolations(page, "application with its source", javaScriptEnabled);
      // The inbox's Source filter: the campaign's source shows its application.
      await page.goto(`${teamOrigin}/team?source=${encodeURIComponent(site)}`);
      await expect(page.getByRole("link", { name: `Ada ${run}` })).toBeVisible();
      await expect(page.getByRole("link", { name: `Ed ${run}` })).toHaveCount(0);
    });
  });
}
