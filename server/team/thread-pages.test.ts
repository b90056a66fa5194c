import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { Readable } from "node:stream";
import { expect, it } from "vitest";
import { parseInboxQuery } from "#app/shared/inbox-query.ts";
import { storeApplications } from "../db/applications/store.ts";
import { attachmentInsert, messageBounds } from "../db/messages.ts";
import { describeEachBackend } from "../test/backends.ts";
import { floodMessageId, floodMessages } from "../test/flood.ts";
import { pendingApplication } from "../test/stored.ts";
import { teamFixtureWithMember } from "../test/team.ts";

/** 2,100 messages of 256 KB: the flood of issue 36, past V8's longest string (~537 M). */
const flood = { count: 2100, chars: 256 * 1024 };

/**
 * Reads a stream to its end holding only counts and its last characters: what a client saving
 * the file does (a 550 MB export is never one string here either).
 */
async function drained(stream: ReadableStream<Uint8Array>, needle: string) {
  const decoder = new TextDecoder();
  let bytes = 0;
  let found = 0;
  let tail = "";
  let largest = 0;
  for await (const chunk of stream) {
    bytes += chunk.byteLength;
    largest = Math.max(largest, chunk.byteLength);
    const text = tail + decoder.decode(chunk, { stream: true });
    found += text.split(needle).length - 1 - (tail.split(needle).length - 1);
    tail = text.slice(-3000);
  }
  return { bytes, found, tail, largest };
}

describeEachBackend("a thread of a flood on $name", (backend) => {
  it("the page shows the newest 20, each bounded, the rest a link away; the JSON exports (team, CLI) stream them all", {
    timeout: 240_000,
  }, async () => {
    const { fixture } = await teamFixtureWithMember(backend);
    const { database, port } = fixture;
    const application = pendingApplication({ row: { createdAt: Date.now() - 60_000 } });
    const other = pendingApplication({ row: { name: "After Flood" } });
    await storeApplications(database.db, [application, other]);
    const id = application.row.id;
    const from = Date.now() - 50_000;
    await floodMessages(database, {
      applicationId: id,
      count: flood.count,
      chars: flood.chars,
      from,
    });
    // The newest message has more attachments than a page lists.
    const newest = floodMessageId(flood.count);
    for (let i = 0; i < 30; i += 1) {
      await attachmentInsert(database.db, {
        id: randomUUID(),
        messageId: newest,
        filename: `part-${String(i).padStart(2, "0")}.bin`,
        contentType: "application/octet-stream",
        size: 10,
        file: `inbound/${newest}/${i}`,
      }).execute();
    }

    // The page: the newest 20, oldest first, each text cut, 20 attachments listed of 30.
    const view = await port.application(id);
    if (!view) throw new Error("no application");
    const size = JSON.stringify(view).length;
    expect(size).toBeLessThan(250_000);
    expect(view.thread).toHaveLength(messageBounds.threadPageSize);
    expect(view.threadCount).toBe(flood.count);
    expect(view.threadLater).toBe(false);
    expect(view.thread.map((message) => message.id)).toEqual(
      Array.from({ length: 20 }, (_, i) => floodMessageId(flood.count - 19 + i)),
    );
    const last = view.thread.at(-1);
    expect(last?.full?.length).toBe(messageBounds.shownChars);
    expect(last).toMatchObject({ cut: true, raw: true, moreAttachments: 10 });
    expect(last?.attachments).toHaveLength(messageBounds.shownAttachments);

    // Earlier emails, page after page, reach every message once, and the first page shows
    // the product's own emails with the first message.
    const seen = new Set(view.thread.map((message) => message.id));
    let earlier = view.threadEarlier;
    let pages = 1;
    let oldest = view;
    while (earlier) {
      const page = await port.application(id, { before: earlier });
      if (!page) throw new Error("no page");
      expect(page.threadLater).toBe(true);
      expect(JSON.stringify(page).length).toBeLessThan(250_000);
      for (const message of page.thread) if (message.source !== "system") seen.add(message.id);
      earlier = page.threadEarlier;
      oldest = page;
      pages += 1;
    }
    expect(pages).toBe(flood.count / messageBounds.threadPageSize);
    expect(seen.size).toBe(flood.count);
    expect(oldest.thread.filter((message) => message.source === "system")).toHaveLength(2);
    // A cursor that is not one shows the newest page (never an error).
    expect((await port.application(id, { before: "__proto__" }))?.threadLater).toBe(false);

    // The JSON export of every filter that holds it: 550 MB streamed, every message once,
    // the application after it whole, a valid end; no chunk larger than a message or two.
    const exported = await drained(
      port.export(parseInboxQuery(new URLSearchParams("spam=all")), "json"),
      '"direction": "in"',
    );
    expect(exported.bytes).toBeGreaterThan(flood.count * flood.chars);
    expect(exported.found).toBe(flood.count);
    expect(exported.largest).toBeLessThan(4 * flood.chars);
    expect(exported.tail).toContain('"name": "After Flood"');
    expect(exported.tail.endsWith('"thread": []\n  }\n]\n')).toBe(true);

    // The CLI's export of the same: whole, exit 0.
    const cli = await cliCounting(
      { ...fixture.env, DATA_DIR: fixture.dataDir },
      '"direction": "in"',
      "export",
      "--format",
      "json",
    );
    expect(cli).toMatchObject({ code: 0, stderr: "", found: flood.count });
    expect(cli.bytes).toBe(exported.bytes);
  });
});

const cliPath = path.join(import.meta.dirname, "..", "cli", "cli.ts");

/** `npm run applications -- …`, its output counted as it comes, never held whole. */
function cliCounting(env: Record<string, string>, needle: string, ...args: string[]) {
  return new Promise<{ code: number | null; stderr: string } & Awaited<ReturnType<typeof drained>>>(
    (resolve, reject) => {
      const child = spawn(process.execPath, [cliPath, "submissions", ...args], {
        env: { PATH: process.env.PATH ?? "", ...env },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stderr = "";
      child.stderr.on("data", (chunk) => {
        stderr += chunk;
      });
      const counted = drained(Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>, needle);
      child.on("error", reject);
      child.on("close", (code) => {
        counted.then((result) => resolve({ code, stderr, ...result }), reject);
      });
    },
  );
}
