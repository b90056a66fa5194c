import type { Page } from "@playwright/test";
import { expect } from "./page-health.ts";
import { recipientOf, sentEmails, withDatabase } from "./stored.ts";
import { teamOrigin } from "./team.ts";

// The client portal on the e2e server: the links its emails carry, and the clients it stored.

/** The portal links emailed to `email` so far (invites and sign-in links), oldest first. */
export async function portalLinks(email: string): Promise<string[]> {
  const links: string[] = [];
  for (const message of await sentEmails()) {
    if (recipientOf(message) !== email) continue;
    const link = /https?:\/\/\S+\/portal\/sign-in\/link\?token=[\w-]+/.exec(
      message.text ?? "",
    )?.[0];
    if (link) links.push(link);
  }
  return links;
}

/** Waits for the `count`th portal link to `email` and returns it. */
export async function portalLink(email: string, count = 1): Promise<string> {
  let links: string[] = [];
  await expect
    .poll(
      async () => {
        links = await portalLinks(email);
        return links.length;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return links[count - 1] as string;
}

/** Marks an application Onboarded on its page (the member is signed in on `page`). */
export async function markOnboarded(page: Page, applicationId: string) {
  await page.goto(`${teamOrigin}/team/applications/${applicationId}`);
  // Status is one tap in the page's summary bar.
  await page.getByRole("button", { name: "Onboarded", exact: true }).click();
  await expect(page.getByText("Status saved.")).toBeVisible();
}

/** The client made from an application, as stored. */
export function clientOf(applicationId: string) {
  return withDatabase((database) =>
    database.db
      .selectFrom("clients")
      .select(["id", "name", "plan"])
      .where("applicationId", "=", applicationId)
      .executeTakeFirstOrThrow(),
  );
}

/** The requests stored for a client. */
export function requestTitlesOf(clientId: string) {
  return withDatabase(async (database) =>
    (
      await database.db
        .selectFrom("clientRequests")
        .select("title")
        .where("clientId", "=", clientId)
        .orderBy("createdAt")
        .execute()
    ).map((row) => row.title),
  );
}
