import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { type ParsedMail, simpleParser } from "mailparser";

/**
 * The emails a server without SMTP_URL wrote to `dataDir`'s mail folder, parsed, by file name.
 * Only the finished .eml files: the mailer writes each under a temporary name first and renames
 * it into place, so a temporary name listed may be gone by the time it is read.
 */
export async function writtenEmails(dataDir: string): Promise<ParsedMail[]> {
  const directory = path.join(dataDir, "mail");
  const names = (await readdir(directory).catch(() => [] as string[]))
    .filter((name) => name.endsWith(".eml"))
    .sort();
  return Promise.all(
    names.map(async (name) => simpleParser(await readFile(path.join(directory, name)))),
  );
}
