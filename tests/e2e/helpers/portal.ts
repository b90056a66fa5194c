import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { personInsert } from "../../../server/db/portal/client-people.ts";
import { requestInsert } from "../../../server/db/portal/client-requests.ts";
import { sessionInsert } from "../../../server/db/portal/client-sessions.ts";
import { clientInsert } from "../../../server/db/portal/clients.ts";
import { newPortalToken } from "../../../server/mail/portal-links.ts";
import { weekOf } from "../../../server/portal/week.ts";
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

/**
 * A client of its own with one person signed in and one request, stored directly (the invite
 * and the link are portal.spec.ts's): the session's token (the `portal_session` cookie over
 * HTTP) and the ids.
 */
export async function storedSignedInClient(label: string) {
  const clientId = randomUUID();
  const personId = randomUUID();
  const requestId = randomUUID();
  const now = Date.now();
  const session = newPortalToken();
  const title = `${label} first video`;
  await withDatabase((database) =>
    database.writeTransaction([
      clientInsert(database.db, {
        id: clientId,
        name: label,
        plan: "Creator",
        applicationId: null,
        createdAt: now,
      }),
      personInsert(database.db, {
        id: personId,
        clientId,
        email: `${label.toLowerCase().replace(/\W+/g, "-")}-${clientId.slice(0, 8)}@example.com`,
        createdAt: now,
      }),
      sessionInsert(database.db, {
        tokenHash: session.hash,
        personId,
        expiresAt: now + 3_600_000,
        now,
      }),
      requestInsert(database.db, {
        id: requestId,
        clientId,
        title,
        brief: "The raw clips for the spring series' first video.",
        platform: "TikTok",
        wishedDate: new Date(now + 7 * 86_400_000).toISOString().slice(0, 10),
        startsWeek: weekOf(now),
        createdBy: personId,
        createdAt: now,
      }),
    ]),
  );
  return { clientId, requestId, title, token: session.token };
}

/** The uploads stored for a request: their id, display name, size and completion. */
export function uploadsOfRequestStored(requestId: string) {
  return withDatabase((database) =>
    database.db
      .selectFrom("clientUploads")
      .select(["id", "displayName", "size", "completedAt"])
      .where("requestId", "=", requestId)
      .orderBy("createdAt")
      .execute(),
  );
}
