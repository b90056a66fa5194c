import { createHash } from "node:crypto";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page, Request, Route, TestInfo } from "@playwright/test";
import { expectNoViolations } from "./helpers/axe";
import { chooser, video, videosDirectory } from "./helpers/media";
import { expect, test } from "./helpers/page-health";
import { signedInAs, storedSignedInClient, uploadsOfRequestStored } from "./helpers/portal";
import { dataDir } from "./helpers/stored";
import { teamOrigin } from "./helpers/team";

// Footage added to a request from the browser (tus-js-client to /portal/uploads), in Chromium at
// 1440 px and 390 px: real video files made with Debian's ffmpeg, two at once, and a larger one
// interrupted part-way that goes on from the server's last byte after the page is reopened.

const chunk = 8 * 1024 * 1024;
const sha256 = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");

/** A client of its own (`label` and the project), signed in on `page`. */
async function signedInClient(page: Page, testInfo: TestInfo, label: string) {
  const client = await storedSignedInClient(`${label} ${testInfo.project.name}`);
  await signedInAs(page.context(), client.token);
  return client;
}

/** A 10 s lossless video of more than two chunks, and its size. */
function bigVideo(testInfo: TestInfo, name: string) {
  const file = video(videosDirectory(testInfo), name, 10, "big");
  const size = statSync(file).size;
  expect(size).toBeGreaterThan(2 * chunk);
  return { file, size };
}

/**
 * The PATCHes of uploads from `page` from now on, as they are answered: where each was sent
 * from, and its bytes taken (the offset the server answers minus the one it was sent at).
 */
function patchesSent(page: Page) {
  const sent: { offset: number; bytes: number }[] = [];
  page.on("response", (response) => {
    const request = response.request();
    if (!request.url().includes("/portal/uploads") || request.method() !== "PATCH") return;
    const from = Number(request.headers()["upload-offset"]);
    sent.push({ offset: from, bytes: Number(response.headers()["upload-offset"]) - from });
  });
  return sent;
}

const requestPage = (id: string) => `${teamOrigin}/portal/requests/${id}`;

test("two videos at once are sent and listed with their size; another client's request is a 404; axe finds nothing", async ({
  page,
  health,
}, testInfo) => {
  const directory = videosDirectory(testInfo);
  const first = video(directory, "beach-take-1.mp4", 3);
  const second = video(directory, "beach-take-2.mp4", 2);
  const ana = await signedInClient(page, testInfo, "Uploads Ana");
  const bo = await storedSignedInClient(`Uploads Bo ${testInfo.project.name}`);

  // From the client's space to the request's page.
  await page.goto(`${teamOrigin}/portal`);
  await page.getByRole("link", { name: `Add footage: ${ana.title}` }).click();
  await expect(page).toHaveURL(requestPage(ana.requestId));
  await expect(page.getByRole("heading", { level: 1, name: ana.title })).toBeVisible();
  await expect(page.getByText("No footage yet.", { exact: false })).toBeVisible();
  await expectNoViolations(page, "request page", true);

  const input = await chooser(page);
  await expect(input).toHaveAttribute("accept", "video/*,audio/*,image/*");
  await expect(input).toHaveAttribute("multiple", "");
  await input.setInputFiles([first, second]);
  for (const name of ["beach-take-1.mp4", "beach-take-2.mp4"]) {
    const row = page.locator(`[data-upload="${name}"]`);
    await expect(row.locator("progress")).toBeVisible();
    await expect(row).toHaveAttribute("data-state", "done", { timeout: 20_000 });
    await expect(row).toContainText("Done:");
  }
  // The request's footage lists both, by name and size, once the server has them whole.
  const list = page.locator("[data-footage-list]");
  await expect(list.locator("li")).toHaveCount(2);
  for (const file of [first, second]) {
    await expect(list).toContainText(path.basename(file));
  }
  const stored = await uploadsOfRequestStored(ana.requestId);
  expect(stored.map((row) => [row.displayName, Number(row.size)]).sort()).toEqual(
    [first, second].map((file) => [path.basename(file), statSync(file).size]).sort(),
  );
  for (const row of stored) {
    expect(row.completedAt).not.toBeNull();
    const source = row.displayName === "beach-take-1.mp4" ? first : second;
    expect(sha256(path.join(dataDir, "media", row.id))).toBe(sha256(source));
  }
  await expectNoViolations(page, "request page with footage", true);

  // Another client's request: a 404, with nothing of it on the page.
  health.allow(/404/);
  const answer = await page.goto(requestPage(bo.requestId));
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This request is not here" })).toBeVisible();
  await expect(page.getByText(bo.title)).toHaveCount(0);
});

test("a larger video interrupted part-way goes on from the server's last byte after the page is reopened; stored byte for byte", async ({
  page,
  health,
}, testInfo) => {
  test.slow();
  const { file: big, size } = bigVideo(testInfo, "long-take.mp4");
  const ana = await signedInClient(page, testInfo, "Resume Ana");
  // Requests held or cut on purpose are reported by the browser.
  health.allow(/ERR_|Failed to load resource/);

  // The first PATCH (one chunk) goes through; every later one is held, never answered.
  let patches = 0;
  const held: Route[] = [];
  let heldOne: () => void = () => undefined;
  const firstHeld = new Promise<void>((resolve) => {
    heldOne = resolve;
  });
  await page.route("**/portal/uploads/**", async (route) => {
    if (route.request().method() !== "PATCH") return route.continue();
    patches += 1;
    if (patches === 1) return route.continue();
    held.push(route);
    heldOne();
  });
  await page.goto(requestPage(ana.requestId));
  await (await chooser(page)).setInputFiles(big);
  await firstHeld;
  const row = page.locator('[data-upload="long-take.mp4"]');

  // The server holds exactly the first chunk.
  const [upload] = await uploadsOfRequestStored(ana.requestId);
  if (!upload) throw new Error("no upload stored");
  const offset = async () => {
    const head = await page.request.head(`${teamOrigin}/portal/uploads/${upload.id}`, {
      headers: { "Tus-Resumable": "1.0.0" },
    });
    expect(head.status()).toBe(200);
    return Number(head.headers()["upload-offset"]);
  };
  expect(await offset()).toBe(chunk);

  // Pause stops it where it is; Resume sends again (held again here).
  await row.getByRole("button", { name: "Pause long-take.mp4" }).click();
  await expect(row).toHaveAttribute("data-state", "paused");
  await expect(row.getByText(/^Paused at \d+ %$/)).toBeVisible();
  await row.getByRole("button", { name: "Resume long-take.mp4" }).click();
  await expect.poll(() => held.length).toBe(2);

  // The tab goes away mid-upload: the page is opened again.
  await page.reload();
  for (const route of held) await route.abort().catch(() => undefined);
  await page.unroute("**/portal/uploads/**");
  const percent = Math.floor((chunk / size) * 100);
  await expect(page.locator("[data-footage-list]")).toContainText(`paused at ${percent} %`);
  await expect(page.locator("[data-unfinished]")).toContainText(
    `long-take.mp4 stopped at ${percent} %. Choose the same file again to go on from there.`,
  );
  expect(await offset()).toBe(chunk);

  // The same file chosen again: it goes on from the server's offset, sending only the rest.
  const sent = patchesSent(page);
  const creations: Request[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/portal/uploads") && request.method() === "POST") {
      creations.push(request);
    }
  });
  await (await chooser(page)).setInputFiles(big);
  const again = page.locator('[data-upload="long-take.mp4"]');
  await expect(again).toHaveAttribute("data-state", "done", { timeout: 30_000 });
  await expect(again.getByText(`Picked up where it stopped, at ${percent} %`)).toBeVisible();
  expect(creations).toHaveLength(0);
  expect(sent[0]?.offset).toBe(chunk);
  expect(sent.reduce((sum, one) => sum + one.bytes, 0)).toBe(size - chunk);
  expect(sent.every((one) => one.bytes <= chunk)).toBe(true);

  // Stored whole, byte for byte, and listed as finished.
  const [done] = await uploadsOfRequestStored(ana.requestId);
  expect(done?.completedAt).not.toBeNull();
  expect(sha256(path.join(dataDir, "media", upload.id))).toBe(sha256(big));
  await expect(page.locator("[data-footage-list]")).toContainText("long-take.mp4");
  await expect(page.locator("[data-footage-list]")).not.toContainText("paused at");
  await expect(page.locator("[data-unfinished]")).toHaveCount(0);
});

test("a file dropped on the page is sent; a refusal is said in words, never the server's; a file that is no media is left out", async ({
  page,
  health,
  isMobile,
}, testInfo) => {
  const directory = videosDirectory(testInfo);
  const clip = video(directory, "dropped.mp4", 1);
  const ana = await signedInClient(page, testInfo, "Drop Ana");
  await page.goto(requestPage(ana.requestId));
  await chooser(page);

  if (!isMobile) {
    // Dropped on the zone (a desk's drag and drop), as the browser hands a dropped file.
    const dropped = await page.evaluateHandle((base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], "dropped.mp4", { type: "video/mp4" }));
      return transfer;
    }, readFileSync(clip).toString("base64"));
    await page.locator("[data-drop-zone]").dispatchEvent("drop", { dataTransfer: dropped });
    await expect(page.locator('[data-upload="dropped.mp4"]')).toHaveAttribute("data-state", "done");
    await expect(page.locator("[data-footage-list]")).toContainText("dropped.mp4");
  }

  // The server refuses a creation (here: over the quota, 413): the person reads why, in words.
  health.allow(/413/);
  await page.route("**/portal/uploads", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({ status: 413, body: "This upload would go over the storage quota\n" })
      : route.continue(),
  );
  const notes = path.join(directory, "notes.txt");
  writeFileSync(notes, "not footage");
  await (await chooser(page)).setInputFiles([clip, notes]);
  const refused = page.locator('[data-upload="dropped.mp4"]').last();
  await expect(refused).toHaveAttribute("data-state", "stopped");
  await expect(refused.getByRole("alert")).toHaveText(
    "dropped.mp4 is too big for the storage left in your space, so it was not sent. Ask us for more room, or remove footage you no longer need.",
  );
  await expect(page.getByText("would go over the storage quota")).toHaveCount(0);
  // A refusal is final: no Resume that would only be refused again.
  await expect(refused.getByRole("button")).toHaveCount(0);
  await expect(
    page.getByText("notes.txt is not a video, audio or image file, so it was not added."),
  ).toBeVisible();
  await expect(page.locator('[data-upload="notes.txt"]')).toHaveCount(0);
  await expectNoViolations(page, "request page with a refusal", true);
});

test("a connection dropped mid-chunk is retried after a wait, from the server's offset", async ({
  page,
  health,
}, testInfo) => {
  const clip = video(videosDirectory(testInfo), "flaky.mp4", 2);
  const ana = await signedInClient(page, testInfo, "Retry Ana");
  health.allow(/ERR_CONNECTION_RESET|Failed to load resource/);
  const attempts: string[] = [];
  await page.route("**/portal/uploads/**", (route) => {
    const method = route.request().method();
    attempts.push(method);
    return method === "PATCH" && attempts.filter((one) => one === "PATCH").length === 1
      ? route.abort("connectionreset")
      : route.continue();
  });
  await page.goto(requestPage(ana.requestId));
  await (await chooser(page)).setInputFiles(clip);
  await expect(page.locator('[data-upload="flaky.mp4"]')).toHaveAttribute("data-state", "done");
  // The cut PATCH, then HEAD (where to go on from), then the PATCH again.
  expect(attempts).toEqual(["PATCH", "HEAD", "PATCH"]);
  const [stored] = await uploadsOfRequestStored(ana.requestId);
  expect(sha256(path.join(dataDir, "media", stored?.id ?? ""))).toBe(sha256(clip));
});

test("PATCHes start at 8 MiB and grow with a fast link (decision 0089); the file stored whole", async ({
  page,
}, testInfo) => {
  test.slow();
  const { file: big, size } = bigVideo(testInfo, "desk-take.mp4");
  const ana = await signedInClient(page, testInfo, "Chunks Ana");
  const sent = patchesSent(page);
  await page.goto(requestPage(ana.requestId));
  await (await chooser(page)).setInputFiles(big);
  const row = page.locator('[data-upload="desk-take.mp4"]');
  await expect(row).toHaveAttribute("data-state", "done", { timeout: 30_000 });
  // 8 MiB first; over loopback it took far less than 3 s, so the next one is larger: the rest.
  expect(sent.map((one) => one.bytes)).toEqual([chunk, size - chunk]);
  const [stored] = await uploadsOfRequestStored(ana.requestId);
  expect(sha256(path.join(dataDir, "media", stored?.id ?? ""))).toBe(sha256(big));
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the request's page says that adding footage needs JavaScript", async ({
    page,
  }, testInfo) => {
    const ana = await signedInClient(page, testInfo, "No JS Ana");
    await page.goto(requestPage(ana.requestId));
    await expect(
      page.getByText("Adding footage needs JavaScript.", { exact: false }),
    ).toBeVisible();
    await expect(page.getByLabel("Choose files")).toBeHidden();
    await expectNoViolations(page, "request page without JavaScript", false);
  });
});
