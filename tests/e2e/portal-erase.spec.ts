import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { TestInfo } from "@playwright/test";
import { uniqueName } from "./helpers/incoming";
import { phoneWithScriptsOnly, withAndWithoutJavaScript } from "./helpers/javascript";
import { videosDirectory } from "./helpers/media";
import { expect, test } from "./helpers/page-health";
import { storedClientWithUploads } from "./helpers/portal";
import { dataDir, withDatabase } from "./helpers/stored";
import { memberAddress, signIn, teamOrigin } from "./helpers/team";

// "Erase client" on the team's client page (decision 0088), with and without JavaScript: behind
// a second press, then the client, its rows and its footage files are gone and the list says so.

/** A client with one finished upload (its bytes and a poster on disk, as the server keeps them). */
async function clientWithFootage(testInfo: TestInfo) {
  const name = uniqueName("Erasable Eli");
  const source = path.join(videosDirectory(testInfo), "footage.mp4");
  await writeFile(source, "footage bytes");
  const { clientId, uploads } = await storedClientWithUploads(name, [source]);
  const [uploadId] = uploads as [string];
  const poster = path.join(dataDir, "media", "derived", `${uploadId}.poster.jpg`);
  await mkdir(path.dirname(poster), { recursive: true });
  await writeFile(poster, "footage bytes");
  return { clientId, name, files: [path.join(dataDir, "media", uploadId), poster] };
}

withAndWithoutJavaScript((javaScriptEnabled) => {
  phoneWithScriptsOnly(javaScriptEnabled);
  test("a member erases a client after confirming: the client and its footage files are gone", async ({
    page,
  }, testInfo) => {
    await signIn(
      page,
      memberAddress(testInfo.title, `${testInfo.project.name}-${javaScriptEnabled}`),
    );
    const client = await clientWithFootage(testInfo);
    await page.goto(`${teamOrigin}/team/clients/${client.clientId}`);
    await expect(page.getByRole("heading", { level: 1, name: client.name })).toBeVisible();
    const confirm = page.getByRole("button", { name: "Yes, erase this client and their footage" });
    await expect(confirm).toBeHidden();
    await page.getByText("Erase client", { exact: true }).click();
    await expect(page.getByText(`Deletes ${client.name} and everything of theirs`)).toBeVisible();
    await confirm.click();
    await expect(page).toHaveURL(`${teamOrigin}/team/clients?erased=1`);
    await expect(page.getByRole("status")).toHaveText("The client was erased, with their footage.");
    await expect(page.getByRole("link", { name: client.name })).toHaveCount(0);
    for (const file of client.files) expect(existsSync(file), file).toBe(false);
    const left = await withDatabase((database) =>
      database.db.selectFrom("clients").select("id").where("id", "=", client.clientId).execute(),
    );
    expect(left).toEqual([]);
  });
});
