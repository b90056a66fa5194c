import { randomUUID } from "node:crypto";
import { chmod, mkdir, open, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { directoryMode, fileMode } from "../files/data-dir.ts";
import { inboundDirectory } from "../mail/inbound-files.ts";

/** A message as it came in, on disk (never whole in memory): its file and its size. */
export interface Spooled {
  file: string;
  bytes: number;
}

export type SpoolResult =
  | ({ ok: true } & Spooled)
  /** More than `maxBytes` came: the file is gone, what came over the limit was dropped. */
  | { ok: false; bytes: number };

/** Where messages wait while they come in and until they are parsed: DATA_DIR/inbound/incoming. */
export function spoolDirectory(dataDir: string): string {
  return path.join(inboundDirectory(dataDir), "incoming");
}

/**
 * Writes a message to a new 0600 file under DATA_DIR/inbound/incoming, chunk by chunk as it
 * comes, so that a message in transit costs disk, not memory. Past `maxBytes` nothing more is
 * written: the stream is still read to its end (`drain`, as SMTP has to before it may answer)
 * or left as it is (HTTP answers at once), and the file is removed.
 */
export async function spoolMessage(
  dataDir: string,
  stream: Readable,
  options: { maxBytes: number; drain: boolean },
): Promise<SpoolResult> {
  // The sender may go away while the file is being made: its error is kept for then.
  let early: unknown;
  const keepEarly = (error: unknown) => {
    early = error;
  };
  stream.once("error", keepEarly);
  const directory = spoolDirectory(dataDir);
  await mkdir(directory, { recursive: true, mode: directoryMode });
  await chmod(directory, directoryMode);
  const file = path.join(directory, `${randomUUID()}.eml`);
  const handle = await open(file, "wx", fileMode);
  stream.off("error", keepEarly);
  if (early !== undefined || stream.destroyed) {
    await handle.close();
    await rm(file, { force: true });
    throw early ?? new Error("closed before its end");
  }
  let bytes = 0;
  let over = false;
  try {
    await new Promise<void>((resolve, reject) => {
      let writes = Promise.resolve();
      let settled = false;
      const settle = (error?: unknown) => {
        if (settled) return;
        settled = true;
        stream.off("data", onData);
        stream.off("end", onEnd);
        stream.off("error", onError);
        stream.off("close", onClose);
        if (error) reject(error);
        else resolve();
      };
      const onData = (chunk: Buffer | string) => {
        const data = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
        bytes += data.length;
        if (over) return;
        if (bytes > options.maxBytes) {
          over = true;
          // HTTP answers at once: the rest is left unread (paused, never destroyed: the
          // answer goes out on that socket). SMTP reads it to its end before it may answer.
          if (!options.drain) {
            stream.pause();
            writes.then(() => settle(), settle);
          }
          return;
        }
        // One write at a time, the stream paused meanwhile: memory holds a chunk, not a message.
        stream.pause();
        writes = writes.then(async () => {
          await handle.write(data);
          if (!settled && !(over && !options.drain)) stream.resume();
        });
        writes.catch(settle);
      };
      const onEnd = () => writes.then(() => settle(), settle);
      const onError = (error: Error) => settle(error);
      const onClose = () => writes.then(() => settle(new Error("closed before its end")), settle);
      stream.on("data", onData);
      stream.once("end", onEnd);
      stream.once("error", onError);
      stream.once("close", onClose);
      stream.resume();
    });
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(file, { force: true });
    throw error;
  }
  await handle.close();
  if (over) {
    await rm(file, { force: true });
    return { ok: false, bytes };
  }
  return { ok: true, file, bytes };
}

/** Removes a spooled message (stored, refused or abandoned). */
export const removeSpooled = (spooled: Pick<Spooled, "file">) => rm(spooled.file, { force: true });

/**
 * Removes what a crash left in the spool: files older than `graceMs` (a message still coming
 * in is younger). How many it removed.
 */
export async function sweepSpool(dataDir: string, graceMs: number, now = Date.now()) {
  const directory = spoolDirectory(dataDir);
  const names = await readdir(directory).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const file = path.join(directory, name);
    const made = await stat(file).then(
      (found) => found.mtimeMs,
      () => now,
    );
    if (made >= now - graceMs) continue;
    await rm(file, { force: true });
    removed += 1;
  }
  return removed;
}
