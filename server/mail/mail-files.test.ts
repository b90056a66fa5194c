import { mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "../logger.ts";
import { eraseMailFiles, mailDirectory, purgeMailFiles } from "./mail-files.ts";
import { createMailer } from "./mailer.ts";

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "reelsmith-mail-files-"));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

/** Writes messages as the server does without SMTP_URL: through the real mailer. */
async function write(...messages: { to: string; replyTo?: string; subject: string }[]) {
  const mailer = createMailer(
    { SMTP_URL: undefined, dataDir },
    createLogger({ LOG_LEVEL: "silent" }),
  );
  for (const message of messages) {
    await mailer.send({ from: "Reelsmith <no-reply@reelsmith.example>", text: "…", ...message });
  }
  mailer.close();
}

const files = async () => (await readdir(mailDirectory(dataDir))).sort();

describe("the .eml outbox", () => {
  it("erase removes the messages to the applicant and about them (Reply-To), any case", async () => {
    await write(
      {
        to: "team@reelsmith.example",
        replyTo: "Maya <maya@example.com>",
        subject: "New application",
      },
      { to: "maya@example.com", subject: "Thanks, Maya" },
      { to: "team@reelsmith.example", replyTo: "sam@example.com", subject: "New application" },
      { to: "sam@example.com", subject: "Thanks, Sam (cc maya@example.com in the body)" },
    );
    expect(await eraseMailFiles(dataDir, "MAYA@example.com")).toBe(2);
    expect(await files()).toHaveLength(2);
    expect(await eraseMailFiles(dataDir, "nobody@example.com")).toBe(0);
    expect(await eraseMailFiles(dataDir, "sam@example.com")).toBe(2);
    expect(await files()).toEqual([]);
  });

  it("erase matches the exact address, not every address that contains it", async () => {
    await write(
      { to: "xmaya@example.com", subject: "Thanks" },
      { to: "maya@example.com.evil.example", subject: "Thanks" },
      {
        to: "team@reelsmith.example",
        replyTo: '"maya@example.com" <sam@example.com>',
        subject: "New",
      },
      { to: "Maya Lopez <Maya@Example.com>", subject: "Thanks, Maya" },
    );
    expect(await eraseMailFiles(dataDir, "maya@example.com")).toBe(1);
    expect(await files()).toHaveLength(3);
  });

  it("writes the outbox for the server's user only: directory 0700, messages 0600", async () => {
    await write({ to: "a@example.com", subject: "one" });
    const directory = await stat(mailDirectory(dataDir));
    expect(directory.mode & 0o777).toBe(0o700);
    for (const name of await files()) {
      expect((await stat(path.join(mailDirectory(dataDir), name))).mode & 0o777).toBe(0o600);
    }
  });

  it("purge removes the messages written before the cutoff", async () => {
    await write({ to: "a@example.com", subject: "old" }, { to: "b@example.com", subject: "new" });
    const [first] = await files();
    const longAgo = new Date("2020-01-01T00:00:00Z");
    await utimes(path.join(mailDirectory(dataDir), first!), longAgo, longAgo);
    expect(await purgeMailFiles(dataDir, Date.parse("2024-01-01T00:00:00Z"))).toBe(1);
    expect(await files()).toHaveLength(1);
    expect(await files()).not.toContain(first);
  });

  it("finds nothing to do when no mail was ever written, and leaves other files alone", async () => {
    expect(await eraseMailFiles(dataDir, "maya@example.com")).toBe(0);
    expect(await purgeMailFiles(dataDir, Date.now())).toBe(0);
    await mkdir(mailDirectory(dataDir));
    await writeFile(path.join(mailDirectory(dataDir), "notes.txt"), "To: maya@example.com\n");
    expect(await purgeMailFiles(dataDir, Date.now() + 1000)).toBe(0);
    expect(await eraseMailFiles(dataDir, "maya@example.com")).toBe(0);
  });
});
