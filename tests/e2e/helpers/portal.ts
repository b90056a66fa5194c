import { randomUUID } from "node:crypto";
import { copyFile, mkdir, stat } from "node:fs/promises";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import type { DatabaseHandle } from "../../../server/db/database.ts";
import { personInsert } from "../../../server/db/portal/client-people.ts";
import { requestInsert } from "../../../server/db/portal/client-requests.ts";
import { sessionInsert } from "../../../server/db/portal/client-sessions.ts";
import { clientInsert } from "../../../server/db/portal/clients.ts";
import { newPortalToken } from "../../../server/mail/portal-links.ts";
import { weekOf } from "../../../server/portal/week.ts";
import { chooser, reopenUntilShown } from "./media.ts";
import { expect } from "./page-health.ts";
import { dataDir, recipientOf, sentEmails, withDatabase } from "./stored.ts";
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

/** The insert of a client on the Creator plan, of no application, made `now`. */
function creatorInsert(database: DatabaseHandle, id: string, name: string, now: number) {
  return clientInsert(database.db, {
    id,
    name,
    plan: "Creator",
    applicationId: null,
    createdAt: now,
  });
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
      creatorInsert(database, clientId, label, now),
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

/**
 * A client of its own with `files` as its finished uploads (the oldest first), stored as the tus
 * endpoint stores them: its id and the uploads' ids.
 */
export async function storedClientWithUploads(name: string, files: string[]) {
  const clientId = randomUUID();
  const uploads = files.map(() => randomUUID());
  await mkdir(path.join(dataDir, "media"), { recursive: true });
  const now = Date.now();
  await withDatabase(async (database) => {
    await database.write(creatorInsert(database, clientId, name, now));
    for (const [index, file] of files.entries()) {
      const id = uploads[index] as string;
      await copyFile(file, path.join(dataDir, "media", id));
      const { size } = await stat(file);
      const completedAt = now + index;
      await database.write(
        database.db
          .insertInto("clientUploads")
          .values({ id, clientId, personId: null, size, createdAt: completedAt, completedAt }),
      );
    }
  });
  return { clientId, uploads };
}

/** The client's session (a `token` of storedSignedInClient's) as a cookie of `context`. */
export async function signedInAs(context: BrowserContext, token: string) {
  await context.addCookies([{ name: "portal_session", value: token, url: teamOrigin }]);
}

/**
 * The team uploads `file` as a cut on the request's team page (`teamRequest`), then reopens it
 * until the server has read the cut and made it version `number`, shown in the player.
 */
export async function uploadCut(page: Page, teamRequest: string, file: string, number: number) {
  await page.goto(teamRequest);
  await (await chooser(page)).setInputFiles(file);
  const row = page.locator(`[data-upload="${path.basename(file)}"]`);
  await expect(row).toHaveAttribute("data-state", "done", { timeout: 30_000 });
  await reopenUntilShown(
    () => page.goto(teamRequest),
    [page.locator(`[data-version="${number}"]`), page.locator("#review-video")],
  );
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
