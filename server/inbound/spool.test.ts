import { mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { describe, expect, it, onTestFinished } from "vitest";
import { spoolDirectory, spoolMessage, sweepSpool } from "./spool.ts";

async function dataDir() {
  const directory = await mkdtemp(path.join(tmpdir(), "reelsmith-spool-"));
  onTestFinished(() => rm(directory, { recursive: true, force: true }));
  return directory;
}

describe("spooling a message to disk as it comes in", () => {
  it("writes it chunk by chunk to a 0600 file under DATA_DIR/inbound/incoming (0700)", async () => {
    const directory = await dataDir();
    const chunks = ["Subject: hi\r\n", "\r\n", "hello\r\n"];
    const spooled = await spoolMessage(
      directory,
      Readable.from(chunks.map((c) => Buffer.from(c))),
      {
        maxBytes: 1024,
        drain: true,
      },
    );
    expect(spooled).toMatchObject({ ok: true, bytes: chunks.join("").length });
    if (!spooled.ok) return;
    expect(path.dirname(spooled.file)).toBe(spoolDirectory(directory));
    expect(await readFile(spooled.file, "utf8")).toBe(chunks.join(""));
    expect((await stat(spooled.file)).mode & 0o777).toBe(0o600);
    expect((await stat(spoolDirectory(directory))).mode & 0o777).toBe(0o700);
  });

  it("past maxBytes writes nothing more and removes the file; SMTP reads the rest, HTTP leaves it unread", async () => {
    const directory = await dataDir();
    const big = () => Array.from({ length: 10 }, () => Buffer.alloc(1000, 65));
    const drained = await spoolMessage(directory, Readable.from(big()), {
      maxBytes: 4000,
      drain: true,
    });
    expect(drained).toEqual({ ok: false, bytes: 10_000 });
    // HTTP: the stream is left paused where it passed the limit, never destroyed.
    const body = new PassThrough();
    for (const chunk of big()) body.write(chunk);
    const left = await spoolMessage(directory, body, { maxBytes: 4000, drain: false });
    expect(left.ok).toBe(false);
    expect(left.bytes).toBeLessThan(10_000);
    expect(body.destroyed).toBe(false);
    expect(await readdir(spoolDirectory(directory))).toEqual([]);
  });

  it("removes the file when the sender goes away before the end", async () => {
    const directory = await dataDir();
    const body = new PassThrough();
    const spooling = spoolMessage(directory, body, { maxBytes: 4000, drain: true });
    body.write(Buffer.from("Subject: cut\r\n"));
    setImmediate(() => body.destroy(new Error("connection closed")));
    await expect(spooling).rejects.toThrow("connection closed");
    // And once its file is being written.
    const later = new PassThrough();
    const spoolingLater = spoolMessage(directory, later, { maxBytes: 4000, drain: true });
    later.write(Buffer.from("Subject: cut later\r\n"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    later.destroy(new Error("connection closed later"));
    await expect(spoolingLater).rejects.toThrow("connection closed later");
    expect(await readdir(spoolDirectory(directory))).toEqual([]);
  });

  it("sweeps what a crash left, older than the grace, and nothing younger", async () => {
    const directory = await dataDir();
    await spoolMessage(directory, Readable.from([Buffer.from("x")]), { maxBytes: 10, drain: true });
    const old = path.join(spoolDirectory(directory), "left.eml");
    await writeFile(old, "x");
    const hourAgo = new Date(Date.now() - 3600_000 - 1000);
    await utimes(old, hourAgo, hourAgo);
    expect(await sweepSpool(directory, 3600_000)).toBe(1);
    expect(await readdir(spoolDirectory(directory))).toHaveLength(1);
  });
});
