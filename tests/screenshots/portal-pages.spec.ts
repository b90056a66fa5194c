import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { type Browser, type Page, test } from "@playwright/test";
import { personInsert } from "../../server/db/portal/client-people.ts";
import { requestInsert } from "../../server/db/portal/client-requests.ts";
import { sessionInsert } from "../../server/db/portal/client-sessions.ts";
import { clientInsert } from "../../server/db/portal/clients.ts";
import { newPortalToken } from "../../server/mail/portal-links.ts";
import { weekOf } from "../../server/portal/week.ts";
import { chooser, reopenUntilShown, video, videosDirectory } from "../e2e/helpers/media.ts";
import { expect } from "../e2e/helpers/page-health.ts";
import { signedInAs, uploadCut } from "../e2e/helpers/portal.ts";
import { dataDir, withDatabase } from "../e2e/helpers/stored.ts";
import { teamOrigin } from "../e2e/helpers/team.ts";
import { seedFile, shoot, signInAsMaya, visit } from "./seeded.ts";

// The client portal's pages and the team's side of it, at the project's width, into
// docs/screenshots/portal-<page>-<width>.png and team-client*-<width>.png. The seed's onboarded
// applicant, Ethan Clarke, is the client (as the invite would make him); the first project to run
// gives him three requests through the pages: three clips he sends for the first, a cut v1 from
// Maya he comments on at two frames; a second video he approved, and its post waiting for him on
// the posting schedule; a third whose one clip he says is complete, so its cut is due (Cuts due).
// The other project opens the same pages.

const day = 86_400_000;
const portalFile = path.join(dataDir, "screenshots-portal.json");

interface Portal {
  clientId: string;
  personId: string;
  requests: [string, string, string];
  postDay: string;
}

/** A new session of Ethan's, as the emailed link's page makes one: its token. */
async function ethanSignedIn(personId: string): Promise<string> {
  const session = newPortalToken();
  const now = Date.now();
  await withDatabase((database) =>
    database.write(
      sessionInsert(database.db, { tokenHash: session.hash, personId, expiresAt: now + day, now }),
    ),
  );
  return session.token;
}

/** Ethan as a client with two requests, stored as the invite and his request form store them. */
async function storedEthan(): Promise<Portal> {
  const seed = JSON.parse(await readFile(seedFile, "utf8")) as { onboarded: string };
  const clientId = randomUUID();
  const personId = randomUUID();
  const requests: [string, string, string] = [randomUUID(), randomUUID(), randomUUID()];
  const now = Date.now();
  const wished = (days: number) => new Date(now + days * day).toISOString().slice(0, 10);
  await withDatabase((database) =>
    database.writeTransaction([
      clientInsert(database.db, {
        id: clientId,
        name: "Ethan Clarke",
        plan: "Enterprise",
        applicationId: seed.onboarded,
        createdAt: now - 14 * day,
      }),
      personInsert(database.db, {
        id: personId,
        clientId,
        email: "ethan.clarke@example.com",
        createdAt: now - 14 * day,
      }),
      ...(
        [
          [requests[0], "Five habits of calm founders", "TikTok", 6, 2],
          [requests[1], "My desk setup, start to finish", "Instagram Reels", 3, 5],
          [requests[2], "Saturday at the farmers market", "YouTube Shorts", 9, 0],
        ] as const
      ).map(([id, title, platform, inDays, ago]) =>
        requestInsert(database.db, {
          id,
          clientId,
          title,
          brief: `${title}: a 45-second reel from the clips I send. Captions on, my usual colours.`,
          platform,
          wishedDate: wished(inDays),
          startsWeek: weekOf(now - ago * day),
          createdBy: personId,
          createdAt: now - ago * day,
        }),
      ),
    ]),
  );
  return { clientId, personId, requests, postDay: wished(2) };
}

/** Ethan's side of the work: clips sent, a cut commented on, a video approved, its post. */
async function workedThrough(
  browser: Browser,
  team: Page,
  portal: Portal,
  directory: string,
): Promise<void> {
  const ethan = await browser.newContext({ viewport: team.viewportSize() });
  await signedInAs(ethan, await ethanSignedIn(portal.personId));
  const client = await ethan.newPage();
  const [first, second] = portal.requests;

  await client.goto(`${teamOrigin}/portal/requests/${first}`);
  const clips = [
    video(directory, "morning-walk.mp4", 3),
    video(directory, "desk-talk.mp4", 4),
    video(directory, "coffee-pour.mp4", 5),
  ];
  await (await chooser(client)).setInputFiles(clips);
  for (const clip of clips) {
    await expect(client.locator(`[data-upload="${path.basename(clip)}"]`)).toHaveAttribute(
      "data-state",
      "done",
      { timeout: 30_000 },
    );
  }

  // The third: one clip, and the footage said complete: the plan's clock runs (Cuts due).
  const third = portal.requests[2];
  await client.goto(`${teamOrigin}/portal/requests/${third}`);
  await (await chooser(client)).setInputFiles(video(directory, "market-stroll.mp4", 4));
  await expect(client.locator('[data-upload="market-stroll.mp4"]')).toHaveAttribute(
    "data-state",
    "done",
    { timeout: 30_000 },
  );
  await client.reload();
  await client.getByRole("button", { name: "My footage is complete" }).click();
  await expect(
    client
      .locator("[data-footage-complete]")
      .getByRole("button", { name: "My footage is complete" }),
  ).toHaveCount(0);

  const teamRequest = (id: string) =>
    `${teamOrigin}/team/clients/${portal.clientId}/requests/${id}`;
  await uploadCut(team, teamRequest(first), video(directory, "calm-founders-v1.mp4", 6), 1);
  await uploadCut(team, teamRequest(second), video(directory, "desk-setup-v1.mp4", 4), 1);

  await client.goto(`${teamOrigin}/portal/requests/${first}/versions/1`);
  const form = client.locator("#comment-form");
  for (const [frameIn, frameOut, body] of [
    ["00:00:01:00", "", "Can the title come in a beat earlier?"],
    ["00:00:02:15", "00:00:03:20", "Love this part, maybe a little slower"],
  ] as const) {
    await form.locator('[name="frameIn"]').fill(frameIn);
    await form.locator('[name="frameOut"]').fill(frameOut);
    await form.locator('[name="body"]').fill(body);
    await form.getByRole("button", { name: "Add comment" }).click();
    await expect(client.getByRole("status")).toHaveText("Comment added.");
  }

  await client.goto(`${teamOrigin}/portal/requests/${second}/versions/1`);
  await client.getByRole("button", { name: "Approve this version" }).click();
  await expect(client.locator("[data-request-state]")).toHaveText("Approved");
  await ethan.close();

  await team.goto(`${teamRequest(second)}/post`);
  await team.getByLabel("Platform").selectOption("Instagram Reels");
  await team.getByLabel("Date").fill(portal.postDay);
  await team.getByLabel("Time", { exact: true }).fill("18:30");
  await team.getByLabel(/Time zone/).fill("Europe/London");
  await team
    .getByLabel("Caption")
    .fill("The desk I build everything at, from bare top to first coffee.");
  await team.getByLabel("Hashtags").fill("#desksetup #founder");
  await team.getByRole("button", { name: "Save the post" }).click();
  await expect(team.getByRole("status")).toContainText("The post is saved (revision 1).");
}

test("the portal's pages and the team's side of them", async ({ page, browser }, testInfo) => {
  test.setTimeout(240_000);
  await signInAsMaya(page);
  let portal: Portal;
  if (existsSync(portalFile)) {
    portal = JSON.parse(await readFile(portalFile, "utf8")) as Portal;
  } else {
    portal = await storedEthan();
    await workedThrough(browser, page, portal, videosDirectory(testInfo));
    await writeFile(portalFile, JSON.stringify(portal));
  }
  const [first] = portal.requests;

  // The team's side.
  await visit(page, "/team/clients", "Clients");
  await shoot(page, "team-clients");
  await visit(page, `/team/clients/${portal.clientId}`, "Ethan Clarke");
  await shoot(page, "team-client");
  await visit(page, `/team/clients/${portal.clientId}/requests/${first}`, /Five habits/);
  await shoot(page, "team-client-request");
  await visit(page, "/team/cuts", "Cuts due");
  await shoot(page, "team-cuts");
  await visit(page, `/team/schedule?view=week&date=${portal.postDay}`, "Posting schedule");
  await shoot(page, "team-schedule");

  // Ethan's, in a browser of his own; the sign-in page first, before his session.
  const ethan = await browser.newContext({ viewport: page.viewportSize() });
  const client = await ethan.newPage();
  await visit(client, "/portal/sign-in", /Sign in/);
  await shoot(client, "portal-sign-in");
  await signedInAs(ethan, await ethanSignedIn(portal.personId));
  await visit(client, "/portal", /Ethan/);
  await shoot(client, "portal-home");
  // Each clip shown with its poster once the server has read them all.
  await reopenUntilShown(
    () => visit(client, `/portal/requests/${first}`, /Five habits/),
    [client.locator("[data-footage] video[poster]").nth(2)],
  );
  await shoot(client, "portal-request");
  await visit(client, `/portal/requests/${first}/versions/1`, /Five habits/);
  await expect(client.locator("[data-seek-frame]")).toHaveCount(2);
  await shoot(client, "portal-version");
  await visit(client, `/portal/schedule?view=week&date=${portal.postDay}`, /schedule/i);
  await shoot(client, "portal-schedule");
  await ethan.close();
});
