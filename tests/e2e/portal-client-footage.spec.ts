import type { ParsedMail } from "mailparser";
import { findMember } from "../../server/db/members.ts";
import { expectNoViolations } from "./helpers/axe";
import { submitApplication, uniqueName } from "./helpers/incoming";
import { chooser, playsPreview, reopenUntilShown, video, videosDirectory } from "./helpers/media";
import { expect, test } from "./helpers/page-health";
import { clientOf, markOnboarded, portalLink, storedSignedInClient } from "./helpers/portal";
import { deliveryStatuses, recipientOf, sentEmails, withDatabase } from "./helpers/stored";
import { memberAddress, signIn, teamOrigin } from "./helpers/team";

// The client sees their footage, and the owner hears of it (issue 38), in Chromium at 1440 and
// 390 px: a member invites an Onboarded application, the client signs in by the emailed link,
// asks for a video and sends two real videos made with Debian's ffmpeg (one 10 min 1 s, over
// the Creator plan's 10 minutes). Once the e2e server's job upload-media has read them
// (MEDIA_POLL_MS 500), the client sees each poster, plays its preview and reads the minutes
// flag; the team's page shows the same; the owner gets each file in exactly one "New footage"
// email (PORTAL_FOOTAGE_NOTICE_WINDOW_MS 1500: one notice per batch).

/** The "New footage" emails about `client` so far. */
async function footageNotices(client: string): Promise<ParsedMail[]> {
  return (await sentEmails()).filter((mail) =>
    (mail.subject ?? "").startsWith(`New footage from ${client}:`),
  );
}

test("the client sees their footage with poster, preview and minutes flag; the team too; the owner is told once per file", async ({
  page,
  browser,
  request,
  playwright,
}, testInfo) => {
  test.slow(); // two clips made, uploaded, read and previewed; two browsers; axe twice
  const directory = videosDirectory(testInfo);
  const short = video(directory, "beach-take.mp4", 3);
  const long = video(directory, "whole-session.mp4", 601, "tiny");

  // The member invites an Onboarded application, which they own.
  const member = memberAddress(testInfo.title, testInfo.project.name);
  await signIn(page, member);
  const name = uniqueName("Footage Fiona");
  const email = `footage-${Date.now().toString(36)}-${testInfo.project.name}@example.com`;
  const id = await submitApplication(request, { name, email, selectedPlan: "Creator" });
  await withDatabase(async (database) => {
    const owner = await findMember(database, member);
    await database.write(
      database.db.updateTable("submissions").set({ ownerId: owner?.id }).where("id", "=", id),
    );
  });
  await markOnboarded(page, id);
  await page.getByRole("button", { name: "Invite to the portal" }).click();
  await expect(
    page.getByText(`Invited: the sign-in email is on its way to ${email}.`),
  ).toBeVisible();
  const client = await clientOf(id);

  // The client signs in by the emailed link and asks for a video.
  const theirs = await browser.newContext({ ...testInfo.project.use, baseURL: teamOrigin });
  const clientPage = await theirs.newPage();
  await clientPage.goto(await portalLink(email));
  await clientPage.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(clientPage).toHaveURL(`${teamOrigin}/portal`);
  await clientPage.getByLabel("Title").fill("Beach day");
  await clientPage.getByLabel("What you want").fill("A 30-second reel of the beach day.");
  await clientPage.getByLabel("Platform").selectOption("TikTok");
  const wished = new Date(Date.now() + 10 * 24 * 3600_000).toISOString().slice(0, 10);
  await clientPage.getByLabel("Wished posting date").fill(wished);
  await clientPage.getByRole("button", { name: "Send the request" }).click();
  await expect(clientPage.getByText("Request received: Beach day.")).toBeVisible();

  // Two videos at once, on the request's page.
  await clientPage.getByRole("link", { name: "Add footage: Beach day" }).click();
  await expect(clientPage).toHaveURL(/\/portal\/requests\/[0-9a-f-]{36}$/);
  const requestId = new URL(clientPage.url()).pathname.split("/").at(-1);
  await (await chooser(clientPage)).setInputFiles([short, long]);
  for (const file of ["beach-take.mp4", "whole-session.mp4"]) {
    await expect(clientPage.locator(`[data-upload="${file}"]`)).toHaveAttribute(
      "data-state",
      "done",
      { timeout: 20_000 },
    );
  }
  const shortItem = clientPage.locator("[data-footage]").filter({ hasText: "beach-take.mp4" });
  const longItem = clientPage.locator("[data-footage]").filter({ hasText: "whole-session.mp4" });
  // Listed at once; once the server has read them (a reload away), with preview and poster.
  await expect(clientPage.locator("[data-footage]")).toHaveCount(2);
  await reopenUntilShown(
    () => clientPage.reload(),
    [shortItem.locator("video"), longItem.locator("video")],
  );
  await expect(clientPage.locator("[data-preparing]")).toHaveCount(0);
  await expect(clientPage.locator("[data-previews-off]")).toHaveCount(0);
  await expect(shortItem.locator("[data-facts]")).toHaveText(
    "Video · 0:03 · 640 × 360 · 30 fps · no sound",
  );
  await expect(longItem.locator("[data-facts]")).toHaveText(
    "Video · 10:01 · 64 × 64 · 1 fps · no sound",
  );
  await expect(longItem.locator("[data-over]")).toHaveText(
    "11 min: longer than your plan's 10 min of raw footage per video. We keep it all and will tell you which part we use.",
  );
  await expect(shortItem.locator("[data-over]")).toHaveCount(0);

  // The poster is the client's own address; the preview plays (nothing fetched before).
  const shortVideo = shortItem.locator("video");
  const poster = await shortVideo.getAttribute("poster");
  expect(poster).toMatch(/^\/portal\/footage\/[0-9a-f-]{36}\/poster$/);
  const posterAnswer = await clientPage.request.get(`${teamOrigin}${poster}`);
  expect(posterAnswer.status()).toBe(200);
  expect(posterAnswer.headers()["content-type"]).toBe("image/jpeg");
  expect([...(await posterAnswer.body()).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  expect(await playsPreview(shortVideo)).toBeCloseTo(3, 0);
  await expectNoViolations(clientPage, "request page with footage read", true);
  expect(await clientPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    clientPage.viewportSize()?.width ?? 0,
  );

  // Their space sums it up under the request.
  await clientPage.goto(`${teamOrigin}/portal`);
  await expect(clientPage.locator("[data-footage-summary]")).toHaveText(
    "2 files · 1 over your plan's 10 min per video",
  );
  await expectNoViolations(clientPage, "portal home with footage", true);

  // The files are the client's only: a member's session, and another client's, get none.
  const uploadId = poster?.split("/")[3] ?? "";
  const asMember = await page.request.get(`${teamOrigin}/portal/footage/${uploadId}/preview`, {
    maxRedirects: 0,
  });
  expect(asMember.status()).toBe(302);
  expect(asMember.headers().location).toBe("/portal/sign-in");
  const stranger = await storedSignedInClient(`Stranger ${testInfo.project.name}`);
  const strangers = await playwright.request.newContext({
    extraHTTPHeaders: { Cookie: `portal_session=${stranger.token}` },
  });
  for (const file of ["poster", "preview", "original"]) {
    const answer = await strangers.get(`${teamOrigin}/portal/footage/${uploadId}/${file}`, {
      maxRedirects: 0,
    });
    expect(answer.status(), file).toBe(404);
  }
  await strangers.dispose();

  // The team's page shows the same: both with a preview, the long one flagged.
  await page.goto(`${teamOrigin}/team/clients/${client.id}`);
  await expect(page.locator("[data-upload]")).toHaveCount(2);
  await expect(page.locator("[data-upload] video")).toHaveCount(2);
  await expect(page.getByText("11 min: over the plan's 10 min per video")).toHaveCount(1);
  // Each by the name it came with, and the request it came for, whose page lists it too.
  const teamShort = page.locator("[data-upload]").filter({ hasText: "beach-take.mp4" });
  await expect(teamShort.locator("[data-name]")).toHaveText("beach-take.mp4");
  await teamShort.getByRole("link", { name: "For “Beach day”" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Beach day" })).toBeVisible();
  const forRequest = page.getByRole("region", { name: "The client's footage" });
  await expect(forRequest.locator("[data-name]")).toHaveCount(2);
  expect((await forRequest.locator("[data-name]").allTextContents()).sort()).toEqual([
    "beach-take.mp4",
    "whole-session.mp4",
  ]);
  await expect(forRequest.locator("[data-upload] video")).toHaveCount(2);

  // The owner: each file in exactly one "New footage" email, every notice made sent once.
  const delivered = () => deliveryStatuses(id, "footage_notice_email");
  await expect
    .poll(
      async () => {
        const notices = await footageNotices(name);
        const named = (file: string) =>
          notices.filter((mail) => (mail.text ?? "").includes(`- ${file} (`)).length;
        return [named("beach-take.mp4"), named("whole-session.mp4")];
      },
      { timeout: 30_000 },
    )
    .toEqual([1, 1]);
  await expect
    .poll(async () => (await delivered()).every((status) => status === "done"))
    .toBe(true);
  const notices = await footageNotices(name);
  expect(notices).toHaveLength((await delivered()).length);
  expect(notices.map(recipientOf)).toEqual(notices.map(() => member));
  const text = notices.map((mail) => mail.text ?? "").join("\n");
  expect(text).toContain("Request: Beach day");
  expect(text).toContain("- beach-take.mp4 (0:03)");
  expect(text).toContain("- whole-session.mp4 (10:01; 11 min: over the plan's 10 min per video)");
  // The link opens the request's page: its footage, and where the cut goes.
  expect(text).toContain(`${teamOrigin}/team/clients/${client.id}/requests/${requestId}`);
  await theirs.close();
});
