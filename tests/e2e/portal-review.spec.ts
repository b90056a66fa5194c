import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import ical, { type VEvent } from "node-ical";
import { instantOf } from "../../server/portal/post-input.ts";
import { storedApplication } from "../../server/test/portal.ts";
import { expectNoViolations } from "./helpers/axe";
import { video, videosDirectory } from "./helpers/media";
import { expect, test } from "./helpers/page-health";
import { signedInAs, storedSignedInClient, uploadCut } from "./helpers/portal";
import { recipientOf, sentEmails, withDatabase } from "./helpers/stored";
import { memberAddress, signIn, teamOrigin } from "./helpers/team";

// Cuts back to the client (issue 39, decision 0091), at 1440 and 390 px: the team uploads v1
// through the browser (a real video made by ffmpeg, tus to /team/cut-uploads), the server reads
// it and makes it v1, the client's person is told once by email with the stable link; they
// comment at a frame and at a range by typed timecodes and ask for changes; the team uploads
// v2; the stable link opens v2; the client approves and downloads the original, byte for byte;
// the team writes the approved video's post, the client approves it on the posting schedule,
// and the client's iCal feed, parsed by node-ical, holds it.

const sha256 = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");

test("a cut goes round: v1 uploaded, told, commented at frames, changes asked; v2 approved and its original downloaded", async ({
  page,
  browser,
}, testInfo) => {
  test.slow(); // two videos uploaded, read and previewed by the server
  const directory = videosDirectory(testInfo);
  const v1File = video(directory, "cut-v1.mp4", 3);
  const v2File = video(directory, "cut-v2.mp4", 2);
  const ana = await storedSignedInClient(`Review Ana ${testInfo.project.name}`);
  // Deliveries hang on the client's application (as the invite made it).
  const email = await withDatabase(async (database) => {
    const applicationId = await storedApplication(database, { name: "Review Ana" });
    await database.write(
      database.db.updateTable("clients").set({ applicationId }).where("id", "=", ana.clientId),
    );
    const person = await database.db
      .selectFrom("clientPeople")
      .select("email")
      .where("clientId", "=", ana.clientId)
      .executeTakeFirstOrThrow();
    return person.email;
  });
  const toldOf = async (number: number) =>
    (await sentEmails()).filter(
      (message) => recipientOf(message) === email && message.subject?.startsWith(`v${number} of `),
    );

  await signIn(page, memberAddress(testInfo.title, testInfo.project.name));
  const teamRequest = `${teamOrigin}/team/clients/${ana.clientId}/requests/${ana.requestId}`;
  await uploadCut(page, teamRequest, v1File, 1);
  await expect(page.locator("[data-request-state]")).toHaveText("In review");
  await expectNoViolations(page, "team request page", true);

  // Told once, with the stable link.
  await expect.poll(async () => (await toldOf(1)).length, { timeout: 20_000 }).toBe(1);
  const [told] = await toldOf(1);
  const link = /https?:\/\/\S+\/portal\/requests\/[\w-]+\/cut/.exec(told?.text ?? "")?.[0];
  expect(link).toBe(`${teamOrigin}/portal/requests/${ana.requestId}/cut`);

  // The client opens it in a browser of their own.
  const clientContext = await browser.newContext({ viewport: page.viewportSize() });
  await signedInAs(clientContext, ana.token);
  const client = await clientContext.newPage();
  await client.goto(link as string);
  await expect(client).toHaveURL(`${teamOrigin}/portal/requests/${ana.requestId}/versions/1`);
  await expect(client.locator("#review-video")).toBeVisible();
  await expect(client.locator("[data-original-locked]")).toBeVisible();

  const form = client.locator("#comment-form");
  const comment = async (frameIn: string, frameOut: string, body: string) => {
    await form.locator('[name="frameIn"]').fill(frameIn);
    await form.locator('[name="frameOut"]').fill(frameOut);
    await form.locator('[name="body"]').fill(body);
    await form.getByRole("button", { name: "Add comment" }).click();
    await expect(client.getByRole("status")).toHaveText("Comment added.");
  };
  await comment("00:00:01:00", "", "Logo one second in: earlier");
  await comment("00:00:01:10", "00:00:02:00", "This stretch drags");
  // A label past the end is refused with why, and nothing is stored.
  await form.locator('[name="frameIn"]').fill("00:00:09:00");
  await form.locator('[name="frameOut"]').fill("");
  await form.locator('[name="body"]').fill("Past the end");
  await form.getByRole("button", { name: "Add comment" }).click();
  await expect(client.getByRole("alert")).toContainText("The video ends at 00:00:02:29.");
  await expectNoViolations(client, "client version page", true);
  const seeks = client.locator("[data-seek-frame]");
  await expect(seeks).toHaveCount(2);
  await expect(seeks.nth(0)).toHaveAttribute("data-seek-frame", "30");
  await expect(seeks.nth(1)).toHaveAttribute("data-seek-frame", "40");
  await expect(seeks.nth(1)).toHaveAttribute("data-seek-frame-out", "60");
  await expect(seeks.nth(1)).toHaveText("00:00:01:10 to 00:00:02:00");
  // Their own comments are theirs ("You"); the team reads them by the person's address below.
  await expect(client.locator("[data-comment]").getByText("You", { exact: true })).toHaveCount(2);

  await client.getByLabel("Note (optional)").fill("Tighter please");
  await client.getByRole("button", { name: "Ask for changes" }).click();
  await expect(client.locator("[data-request-state]")).toHaveText("Changes asked");
  // Their list of requests says where this one stands.
  await client.goto(`${teamOrigin}/portal`);
  await expect(client.locator(`[data-request="${ana.requestId}"] [data-list-state]`)).toHaveText(
    "Changes asked",
  );

  // The team sees the comments, then uploads v2.
  await page.goto(`${teamRequest}/versions/1`);
  await expect(page.getByText("This stretch drags")).toBeVisible();
  // Two comments and the note of "Ask for changes", each by the client's address.
  await expect(page.locator("[data-comment]").getByText(email, { exact: true })).toHaveCount(3);
  await uploadCut(page, teamRequest, v2File, 2);
  await expect.poll(async () => (await toldOf(2)).length, { timeout: 20_000 }).toBe(1);
  expect(await toldOf(1)).toHaveLength(1);

  // The same stable link now opens v2; v1 is a click away.
  await client.goto(link as string);
  await expect(client).toHaveURL(`${teamOrigin}/portal/requests/${ana.requestId}/versions/2`);
  await expect(client.getByRole("link", { name: /^v1/ })).toBeVisible();
  await client.getByRole("button", { name: "Approve this version" }).click();
  await expect(client.locator("[data-request-state]")).toHaveText("Approved");
  const downloading = client.waitForEvent("download");
  await client.getByRole("link", { name: "Download the original" }).click();
  const download = await downloading;
  const saved = testInfo.outputPath("downloaded.mp4");
  await download.saveAs(saved);
  expect(sha256(saved)).toBe(sha256(v2File));
  expect(
    client.viewportSize() &&
      (await client.evaluate(() => document.documentElement.scrollWidth)) <=
        (client.viewportSize()?.width ?? 0),
  ).toBe(true);

  // The approved video's post: written by the team, approved by the client on the schedule,
  // held by the client's iCal feed (node-ical reads it back).
  const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  await page.goto(`${teamRequest}/post`);
  await expect(page.getByText("The client approved the video")).toBeVisible();
  await page.getByLabel("Platform").selectOption("TikTok");
  await page.getByLabel("Date").fill(day);
  await page.getByLabel("Time", { exact: true }).fill("18:45");
  await page.getByLabel(/Time zone/).fill("Europe/Lisbon");
  await page.getByLabel("Caption").fill("The cut the client approved, out on Friday");
  await page.getByLabel("Hashtags").fill("#review #approved");
  await page.getByRole("button", { name: "Save the post" }).click();
  await expect(page.getByRole("status")).toContainText("The post is saved (revision 1).");
  await client.goto(`${teamOrigin}/portal/schedule?view=week&date=${day}`);
  const post = client.locator(`[data-day="${day}"] [data-post]`);
  await expect(post).toContainText("18:45 (Europe/Lisbon)");
  await post.getByRole("button", { name: /Approve this post/ }).click();
  await expect(post.locator("[data-state]")).toHaveText("Approved");
  const feedUrl = new URL(await client.locator("[data-feed-url]").inputValue());
  const feed = await (await fetch(`${teamOrigin}${feedUrl.pathname}`)).text();
  const events = Object.values(ical.sync.parseICS(feed)).filter(
    (component): component is VEvent => component?.type === "VEVENT",
  );
  expect(events).toHaveLength(1);
  expect(events[0]?.start.toISOString()).toBe(
    new Date(instantOf(day, "18:45", "Europe/Lisbon") ?? 0).toISOString(),
  );
  expect(events[0]?.description).toContain("The cut the client approved, out on Friday");
  await clientContext.close();
});
