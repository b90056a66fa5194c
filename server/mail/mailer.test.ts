import { mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { simpleParser } from "mailparser";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { expect, it, onTestFinished } from "vitest";
import { validApplication } from "../test/fixtures.ts";
import { startTestServer } from "../test/server.ts";
import { waitFor } from "../test/wait.ts";
import { createMailer, smtpConnections } from "./mailer.ts";

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

it("keeps SMTP connections open for the next messages (at most one per delivery lane)", async () => {
  let connections = 0;
  let messages = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on("end", () => {
        messages += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const mailer = createMailer(
    { SMTP_URL: `smtp://127.0.0.1:${port}`, dataDir: "" },
    pino({ level: "silent" }),
  );
  onTestFinished(() => mailer.close());
  const send = (i: number) =>
    mailer.send({
      from: "Reelsmith <no-reply@reelsmith.example>",
      to: "team@reelsmith.example",
      subject: `Message ${i}`,
      text: "Hi there",
    });
  for (let i = 0; i < 5; i++) await send(i); // one after the other: one connection
  expect(connections).toBe(1);
  await Promise.all(Array.from({ length: 20 }, (_, i) => send(5 + i))); // at once: a few more
  expect(messages).toBe(25);
  expect(connections).toBeLessThanOrEqual(smtpConnections);
});
