import { chmod, mkdir, open, readFile, rename, rm, stat, utimes } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { directoryMode, fileMode } from "../files/data-dir.ts";
import { namesIn } from "../files/data-files.ts";

/**
 * The messages that came in (replies, and mail that matched no application), kept whole under
 * DATA_DIR/inbound: `<message id>.eml`, and each attachment as `<message id>/<attachment id>`.
 * Names are ours (UUIDs), never the sender's; the directories are 0700, the files 0600. They
 * hold what applicants wrote, so erasure and retention reach them as they reach the database.
 */
export function inboundDirectory(dataDir: string): string {
  return path.join(dataDir, "inbound");
}

const id = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The raw message's file, relative to DATA_DIR (as stored in the row). */
export const rawFileOf = (messageId: string) => `inbound/${messageId}.eml`;
/** An attachment's file, relative to DATA_DIR. */
export const attachmentFileOf = (messageId: string, attachmentId: string) =>
  `inbound/${messageId}/${attachmentId}`;

/** Writes `content` as a new 0600 file and flushes it to disk before resolving. */
async function writeDurably(file: string, content: Uint8Array): Promise<void> {
  const handle = await open(file, "wx", fileMode);
  try {
    await handle.writeFile(content);
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

async function privateDirectory(directory: string): Promise<void> {
  await mkdir(directory, { recursive: true, mode: directoryMode });
  await chmod(directory, directoryMode);
}

/** Flushes a directory's entries (a file renamed or made in it) to disk. */
async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Makes a message spooled to disk (server/inbound/spool.ts, under DATA_DIR/inbound/incoming)
 * its stored raw message, `<message id>.eml`, without copying it: the file is flushed, kept
 * 0600, renamed into place (its time now: the sweep's grace counts from here), and the
 * directory flushed. The first of a message's files, before its attachments and its row.
 */
export async function moveRawMessage(
  dataDir: string,
  messageId: string,
  spooledFile: string,
): Promise<void> {
  if (!id.test(messageId)) throw new Error("not a message id");
  await privateDirectory(dataDir);
  await privateDirectory(inboundDirectory(dataDir));
  const handle = await open(spooledFile, "r+");
  try {
    await handle.chmod(fileMode);
    await handle.datasync();
  } finally {
    await handle.close();
  }
  const file = path.join(dataDir, rawFileOf(messageId));
  await rename(spooledFile, file);
  const now = new Date();
  await utimes(file, now, now);
  await syncDirectory(inboundDirectory(dataDir));
}

/**
 * Writes an attachment as it is decoded (`content`, chunk by chunk: never whole in memory) to
 * a new 0600 file `<message id>/<attachment id>`, flushed with its directory. Its size in bytes.
 */
export async function writeAttachmentFile(
  dataDir: string,
  messageId: string,
  attachmentId: string,
  content: Readable,
): Promise<number> {
  if (!id.test(messageId)) throw new Error("not a message id");
  if (!id.test(attachmentId)) throw new Error("not an attachment id");
  const directory = path.join(inboundDirectory(dataDir), messageId);
  await privateDirectory(directory);
  const handle = await open(
    path.join(dataDir, attachmentFileOf(messageId, attachmentId)),
    "wx",
    fileMode,
  );
  let bytes = 0;
  try {
    for await (const chunk of content) {
      const data = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
      bytes += data.length;
      await handle.write(data);
    }
    await handle.datasync();
  } finally {
    await handle.close();
  }
  await syncDirectory(directory);
  return bytes;
}

/**
 * Writes a message's raw bytes and its attachments' (on disk before the row that names them is
 * committed: a file without its row is swept later, never a row without its file).
 */
export async function writeMessageFiles(
  dataDir: string,
  messageId: string,
  raw: Uint8Array,
  attachments: readonly { id: string; content: Uint8Array }[],
): Promise<void> {
  if (!id.test(messageId)) throw new Error("not a message id");
  await privateDirectory(dataDir);
  await privateDirectory(inboundDirectory(dataDir));
  await writeDurably(path.join(dataDir, rawFileOf(messageId)), raw);
  if (attachments.length === 0) return;
  await privateDirectory(path.join(inboundDirectory(dataDir), messageId));
  for (const attachment of attachments) {
    if (!id.test(attachment.id)) throw new Error("not an attachment id");
    await writeDurably(
      path.join(dataDir, attachmentFileOf(messageId, attachment.id)),
      attachment.content,
    );
  }
}

/** Deletes a message's raw file and attachments (a duplicate, an erased or deleted message). */
export async function removeMessageFiles(dataDir: string, messageId: string): Promise<void> {
  if (!id.test(messageId)) return;
  const directory = inboundDirectory(dataDir);
  await rm(path.join(directory, `${messageId}.eml`), { force: true });
  await rm(path.join(directory, messageId), { recursive: true, force: true });
}

/** A stored file (a row's `file`), read whole; undefined when it is not there. */
export async function readInboundFile(
  dataDir: string,
  relative: string,
): Promise<Buffer | undefined> {
  const directory = inboundDirectory(dataDir);
  const file = path.resolve(dataDir, relative);
  // Only what lies under DATA_DIR/inbound: a row never names anything else, but be sure.
  if (!file.startsWith(`${directory}${path.sep}`)) return undefined;
  return readFile(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
}

/**
 * Deletes the files of messages that have no row (erased with their application, purged, or
 * left by a write that failed), older than `graceMs` (a message being stored right now has its
 * files before its row). `stored` says which ids still have a row. How many messages it swept.
 */
export async function sweepInboundFiles(
  dataDir: string,
  stored: (ids: string[]) => Promise<Set<string>>,
  options: { graceMs: number; now?: number },
): Promise<number> {
  const directory = inboundDirectory(dataDir);
  const names = await namesIn(directory);
  const ids = [
    ...new Set(names.map((name) => name.replace(/\.eml$/, "")).filter((n) => id.test(n))),
  ];
  if (ids.length === 0) return 0;
  const kept = await stored(ids);
  const before = (options.now ?? Date.now()) - options.graceMs;
  let swept = 0;
  for (const messageId of ids) {
    if (kept.has(messageId)) continue;
    const raw = path.join(directory, `${messageId}.eml`);
    const made = await stat(raw).then(
      (found) => found.mtimeMs,
      () => 0,
    );
    if (made >= before) continue;
    await removeMessageFiles(dataDir, messageId);
    swept += 1;
  }
  return swept;
}
