import { open, stat, unlink } from "node:fs/promises";
import path from "node:path";
import addressparser from "nodemailer/lib/addressparser";
import { namesIn } from "../files/data-files.ts";

/**
 * The .eml files written instead of sending when no SMTP_URL is set (see mailer.ts). They hold
 * whole applications, so retention and erasure reach them as they reach the database.
 */
export function mailDirectory(dataDir: string): string {
  return path.join(dataDir, "mail");
}

/** Deletes the messages to or about `email` (its To or Reply-To header); returns how many. */
export async function eraseMailFiles(dataDir: string, email: string): Promise<number> {
  const address = email.trim().toLowerCase();
  return removeWhere(dataDir, async (file) => addressed(await readHeaders(file), address));
}

/** Deletes the messages written before `cutoff` (epoch ms); returns how many. */
export async function purgeMailFiles(dataDir: string, cutoff: number): Promise<number> {
  return removeWhere(dataDir, async (file) => (await stat(file)).mtimeMs < cutoff);
}

function addressed(headers: string, address: string): boolean {
  // Unfold continuation lines, then look at the recipient headers only, address by address:
  // erasing a@b.co must not take the messages of xa@b.co.
  const lines = headers.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/);
  return lines.some((line) => {
    const header = /^(?:to|reply-to):(.*)$/i.exec(line);
    if (!header) return false;
    return addressesIn(header[1] ?? "").some((found) => found.toLowerCase() === address);
  });
}

/** The addresses of an address-list header (groups included), as nodemailer parses them. */
function addressesIn(value: string): string[] {
  return addressparser(value, { flatten: true }).map((entry) => entry.address);
}

async function removeWhere(
  dataDir: string,
  matches: (file: string) => Promise<boolean>,
): Promise<number> {
  const directory = mailDirectory(dataDir);
  const names = await namesIn(directory);
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith(".eml")) continue;
    const file = path.join(directory, name);
    if (await matches(file)) {
      await unlink(file);
      removed++;
    }
  }
  return removed;
}

/** The header block of a message: everything before the first empty line (at most 64 KiB). */
async function readHeaders(file: string): Promise<string> {
  const handle = await open(file);
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const text = buffer.subarray(0, bytesRead).toString("utf8");
    const end = text.search(/\r?\n\r?\n/);
    return end === -1 ? text : text.slice(0, end);
  } finally {
    await handle.close();
  }
}
