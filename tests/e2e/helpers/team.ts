import type { Locator, Page } from "@playwright/test";
import { type TestHelpers, testUtils } from "better-auth/plugins";
import pino from "pino";
import { port } from "../../../playwright.config.ts";
import { settingsUpsert } from "../../../server/db/member-settings.ts";
import { addMember as addTeamMember, findMember } from "../../../server/db/members.ts";
import { sharedSecret } from "../../../server/db/settings.ts";
import { createTeamAuth, teamAuthSecretKey } from "../../../server/team/auth.ts";
import { hydrated } from "../onboarding-page.ts";
import { expect } from "./page-health.ts";
import { recipientOf, sentEmails, withDatabase } from "./stored.ts";

// Members of the team on the e2e server: added, and signed in by the emailed link.

/** The team's pages are served as PUBLIC_SITE_URL, http://localhost:PORT (see playwright.config). */
export const teamOrigin = `http://localhost:${port}`;

/** A member address of its own for each test (the sign-in limits count per address). */
export function memberAddress(title: string, project: string): string {
  const slug = `${title}-${project}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 40);
  return `${slug}-${Date.now().toString(36)}@team.example`;
}

/** The id of the member whose address is `email`, as the e2e server stored it. */
export function memberId(email: string): Promise<string> {
  return withDatabase(async (database) => {
    const member = await findMember(database, email);
    if (!member) throw new Error(`${email} is not a member`);
    return member.id;
  });
}

/**
 * Adds `email` as a member of the e2e server's team, as `npm run team -- add EMAIL` does (the
 * same repository call; the command itself is tested in server/cli): in this process, since a
 * child process for each of ~200 members cost 0.6 s of CPU apiece beside the browsers.
 */
export async function addMember(email: string): Promise<void> {
  await withDatabase((database) => addTeamMember(database, email));
}

/**
 * Makes the member `email` an admin, as `npm run team -- admin EMAIL` does (the same repository
 * call, in this process; the command itself is tested in server/cli).
 */
export async function makeAdmin(email: string): Promise<void> {
  const id = await memberId(email);
  await withDatabase((database) =>
    database.write(settingsUpsert(database.db, id, { isAdmin: true })),
  );
}

/** The sign-in links emailed to `email` so far (read from the .eml files), oldest first. */
export async function signInLinks(email: string): Promise<string[]> {
  const links: string[] = [];
  for (const message of await sentEmails()) {
    if (recipientOf(message) !== email || !message.subject?.startsWith("Sign in to")) continue;
    const link = /https?:\/\/\S+\/team\/sign-in\/link\?token=\w+/.exec(message.text ?? "")?.[0];
    if (link) links.push(link);
  }
  return links;
}

/** Asks for a link on the sign-in page; returns the link that arrived. */
export async function requestLink(page: Page, email: string): Promise<string> {
  const before = (await signInLinks(email)).length;
  await page.goto(`${teamOrigin}/team/sign-in`);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send sign-in link" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  let links: string[] = [];
  await expect
    .poll(async () => {
      links = await signInLinks(email);
      return links.length;
    })
    .toBeGreaterThan(before);
  return links.at(-1) as string;
}

/**
 * A new member, signed in; on the inbox afterwards. The session is stored as the emailed link's
 * page stores one, by better-auth's own testUtils over the server's adapter (token hashed, cookie
 * signed with the secret in the database's settings): the link itself is team-sign-in.spec's.
 * Through the pages, each sign-in cost a test ~1.4 s of three pages and an email (decision 0097).
 */
export async function signIn(page: Page, email: string): Promise<void> {
  await addMember(email);
  await page.context().addCookies(await sessionCookies(email));
  await page.goto(`${teamOrigin}/team`);
  await expect(page.getByRole("heading", { level: 1, name: "Applications" })).toBeVisible();
}

/** A new session of the member `email` on the e2e server, as the browser's cookies. */
async function sessionCookies(email: string) {
  const userId = await memberId(email);
  return withDatabase(async (database) => {
    const auth = createTeamAuth(
      {
        config: { PUBLIC_SITE_URL: teamOrigin, https: false },
        logger: pino({ level: "silent" }),
        db: database.db,
        dialect: database.dialect,
        secret: await sharedSecret(database.db, teamAuthSecretKey),
        sendLink: () => Promise.reject(new Error("the e2e helpers send no links")),
      },
      [testUtils()],
    );
    const { test } = (await auth.$context) as unknown as { test: TestHelpers };
    return test.getCookies({ userId, domain: new URL(teamOrigin).hostname });
  });
}

/**
 * Follows an application's link and waits for its page: its URL first (a document navigation on
 * a busy two-core host can outlast an assertion's default wait), then its heading.
 */
export async function followToApplication(
  link: Locator,
  name: string,
  url: string | RegExp,
): Promise<void> {
  const page = link.page();
  await link.click();
  // The inbox's own parameters travel with the link (the way back): a page is its path.
  const at =
    typeof url === "string" ? (seen: URL) => `${seen.origin}${seen.pathname}` === url : url;
  await expect(page).toHaveURL(at, { timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

/**
 * The top bar's pages (the navigation "Team"): in the row at 1440 px; on a phone, in the menu,
 * which this opens (decision 0074).
 */
export async function openTeamMenu(page: Page): Promise<Locator> {
  const button = page.getByRole("banner").getByRole("button", { name: "Menu" });
  const nav = page.getByRole("navigation", { name: "Team" });
  // A press before hydration opens nothing (the menu is React's): press again until it opens.
  await expect(async () => {
    if (!(await nav.isVisible()) && (await button.isVisible())) await button.click();
    await expect(nav).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  return nav;
}

/**
 * Presses "Take it" in `panel` until `taken` shows. Parallel specs add and remove members,
 * which moves applications: if the owner changed before the press, the page says so and shows
 * who has it now, and the press is made again. With JavaScript, only once the page is React's
 * (a click before hydration is a native post racing it).
 */
export async function takeUntilTaken(
  page: Page,
  panel: Locator,
  taken: Locator,
  javaScriptEnabled: boolean,
): Promise<void> {
  const takeIt = panel.getByRole("button", { name: "Take it" });
  if (javaScriptEnabled) await hydrated(page);
  await expect(async () => {
    if (await takeIt.isVisible()) await takeIt.click();
    await expect(taken).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * The inbox's filters form, unfolded: on a phone they sit under "Filters (n)", closed until
 * tapped; from 640 px they are always shown.
 */
export async function inboxFilters(page: Page): Promise<Locator> {
  const summary = page.locator("details:has(form[aria-label='Filters']) > summary");
  if (await summary.isVisible()) {
    const open = await summary.evaluate(
      (element) => (element.parentElement as HTMLDetailsElement).open,
    );
    if (!open) await summary.click();
  }
  return page.getByRole("form", { name: "Filters" });
}

/**
 * The page says `text`: a `status` once an action is done, an `alert` when it was refused (as
 * the toast with JavaScript, beneath the form or at the top without).
 */
export async function expectSaid(page: Page, text: string, role: "status" | "alert" = "status") {
  await expect(page.getByRole(role).filter({ hasText: text })).toBeVisible();
}
