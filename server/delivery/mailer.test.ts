import { mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { simpleParser } from "mailparser";
import pino from "pino";
import { expect, it, onTestFinished } from "vitest";
import { validApplication } from "../test/fixtures.ts";
import { startTestServer } from "../test/server.ts";
import { waitFor } from "../test/wait.ts";
import { createMailer } from "./mailer.ts";

it("writes each message as an .eml file under DATA_DIR/mail and logs where", async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), "reelsmith-mail-"));
  const lines: string[] = [];
  const logger = pino(
    { base: undefined },
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  );
  const mailer = createMailer({ SMTP_URL: undefined, dataDir }, logger);
  await mailer.send({
    from: "Reelsmith <no-reply@reelsmith.example>",
    to: "team@reelsmith.example",
    subject: "Hello",
    text: "Hi there",
    messageId: "<abc.team@reelsmith.example>",
  });
  const files = await readdir(path.join(dataDir, "mail"));
  expect(files).toHaveLength(1); // no temporary file left behind
  expect(files[0]).toMatch(/^\d+-abc\.team@reelsmith\.example\.eml$/);
  const file = path.join(dataDir, "mail", files[0] ?? "");
  const mail = await simpleParser(await readFile(file));
  expect(mail.subject).toBe("Hello");
  expect(mail.text?.trim()).toBe("Hi there");
  expect(lines.map((line) => JSON.parse(line))).toContainEqual(
    expect.objectContaining({ file, msg: expect.stringContaining("email written") }),
  );
});

it("writes the team notification and the confirmation as .eml files when SMTP_URL is unset", async () => {
  const server = await startTestServer();
  onTestFinished(() => server.stop());
  const response = await server.submit(validApplication());
  const { id } = (await response.json()) as { id: string };
  const directory = path.join(server.dataDir, "mail");
  const files = await waitFor(async () => {
    const names = await readdir(directory).catch(() => []);
    return names.filter((name) => name.endsWith(".eml")).length === 2 && names;
  });
  const mails = await Promise.all(
    files.map(async (name) => simpleParser(await readFile(path.join(directory, name)))),
  );
  const subjects = mails.map((mail) => mail.subject).sort();
  expect(subjects).toEqual([
    "New application: Maya Lopez — Influencer plan",
    "Thanks for applying to Reelsmith — Influencer plan",
  ]);
  for (const mail of mails) expect(mail.messageId).toContain(id);
});
