import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import MailComposer from "nodemailer/lib/mail-composer";
import { expect, it } from "vitest";
import { storeApplications } from "../db/applications/store.ts";
import { inboundDirectory } from "../mail/inbound-files.ts";
import { replyAddress } from "../mail/reply-address.ts";
import { describeEachBackend, type StorageBackend } from "../test/backends.ts";
import { peakBufferGrowth } from "../test/memory.ts";
import { pendingApplication } from "../test/stored.ts";
import { createReceiver } from "./receive.ts";
import { spoolDirectory } from "./spool.ts";
import { rawMessage, servedDatabase, testReceiverDeps, testReply } from "./test-messages.ts";

const { secret, domain: replyDomain } = testReply;
const megabyte = 1024 * 1024;

async function receiverOn(backend: StorageBackend) {
  const { database, direct, dataDir } = await servedDatabase(backend);
  const receiver = createReceiver(testReceiverDeps(database, dataDir, { maxBytes: 64 * megabyte }));
  const application = pendingApplication({ row: { email: "maya@example.org" }, deliveries: [] });
  await storeApplications(direct.db, [application], Date.now());
  const to = replyAddress(secret, application.row.id, replyDomain);
  const spool = spoolDirectory(dataDir);
  await mkdir(spool, { recursive: true });
  const stored = () =>
    direct.db
      .selectFrom("applicationMessages")
      .select(["id", "rawFile", "size"])
      .executeTakeFirstOrThrow();
  const storedAttachments = () =>
    direct.db
      .selectFrom("messageAttachments")
      .select(["filename", "file", "size"])
      .orderBy("filename")
      .execute();
  return { receiver, dataDir, to, spool, stored, storedAttachments };
}

const sha256 = async (file: string) => {
  const hash = createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex");
};

/** `megabytes` of random bytes in a file, written a megabyte at a time, and their SHA-256. */
async function randomFile(file: string, megabytes: number) {
  const hash = createHash("sha256");
  const out = createWriteStream(file);
  for (let n = 0; n < megabytes; n += 1) {
    const chunk = randomBytes(megabyte);
    hash.update(chunk);
    if (!out.write(chunk)) await new Promise((resolve) => out.once("drain", resolve));
  }
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
  return hash.digest("hex");
}

describeEachBackend("receiving a spooled message as a stream on $name", (backend) => {
  it("never holds a 40 MB attachment in memory: Buffers grow by less than 15 MB", async () => {
    const at = await receiverOn(backend);
    const original = path.join(at.dataDir, "film.bin");
    const originalHash = await randomFile(original, 40);
    const spooled = path.join(at.spool, "big.eml");
    // Composed to disk as a stream: the test itself never holds the message either.
    await pipeline(
      new MailComposer({
        from: "Maya Chen <maya@example.org>",
        to: at.to,
        subject: "Re: Your application",
        text: "My showreel is attached.",
        attachments: [{ filename: "showreel.bin", path: original }],
      })
        .compile()
        .createReadStream(),
      createWriteStream(spooled, { mode: 0o600 }),
    );
    const bytes = (await stat(spooled)).size;
    expect(bytes).toBeGreaterThan(50 * megabyte);
    const spooledHash = await sha256(spooled);

    let received: unknown;
    const growth = await peakBufferGrowth(async () => {
      received = await at.receiver.receiveFile({ file: spooled, bytes }, { to: [] });
    });
    console.info(`${backend.name}: Buffers grew by ${(growth / megabyte).toFixed(1)} MB`);
    expect(received).toMatchObject({ ok: true, matched: true });
    expect(growth).toBeLessThan(15 * megabyte);

    const row = await at.stored();
    expect(await sha256(path.join(at.dataDir, row.rawFile ?? ""))).toBe(spooledHash);
    const [attachment] = await at.storedAttachments();
    expect(attachment).toMatchObject({ filename: "showreel.bin", size: 40 * megabyte });
    expect(await sha256(path.join(at.dataDir, attachment?.file ?? ""))).toBe(originalHash);
    expect(await readdir(at.spool)).toEqual([]);
  }, 240_000); // a memory test: two full collections every 250 ms, slow on a busy machine

  it("stores the spooled file itself, renamed, as the .eml (0600) and each attachment byte for byte", async () => {
    const at = await receiverOn(backend);
    const binary = randomBytes(300 * 1024);
    const raw = await rawMessage({
      to: at.to,
      attachments: [
        { filename: "a-scan.pdf", content: binary, contentType: "application/pdf" },
        { filename: "b-notes.txt", content: "line one\r\nline two\r\n" },
      ],
    });
    const spooled = path.join(at.spool, "small.eml");
    await writeFile(spooled, raw, { mode: 0o600 });
    const spooledHash = await sha256(spooled);
    const { ino } = await stat(spooled);
    expect(
      await at.receiver.receiveFile({ file: spooled, bytes: raw.length }, { to: [] }),
    ).toMatchObject({ ok: true, matched: true });

    const row = await at.stored();
    const eml = path.join(at.dataDir, row.rawFile ?? "");
    expect(await sha256(eml)).toBe(spooledHash);
    // The same file, renamed: never read into memory and written again.
    expect((await stat(eml)).ino).toBe(ino);
    expect((await stat(eml)).mode & 0o777).toBe(0o600);
    const attachments = await at.storedAttachments();
    expect(attachments.map(({ filename, size }) => ({ filename, size }))).toEqual([
      { filename: "a-scan.pdf", size: binary.length },
      { filename: "b-notes.txt", size: 20 },
    ]);
    const hashOf = (content: Buffer | string) => createHash("sha256").update(content).digest("hex");
    expect(await sha256(path.join(at.dataDir, attachments[0]?.file ?? ""))).toBe(hashOf(binary));
    expect(await sha256(path.join(at.dataDir, attachments[1]?.file ?? ""))).toBe(
      hashOf("line one\r\nline two\r\n"),
    );
    for (const { file } of attachments) {
      expect((await stat(path.join(at.dataDir, file))).mode & 0o777).toBe(0o600);
    }
    expect(row.size).toBe(raw.length + binary.length + 20);
    expect(await readdir(at.spool)).toEqual([]);
    expect(
      (await readdir(inboundDirectory(at.dataDir))).filter((name) => name !== "incoming"),
    ).toHaveLength(2);
  }, 60_000);
});
