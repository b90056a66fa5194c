import type { Compilable } from "kysely";
import type { DatabaseHandle } from "../db/database.ts";
import { eraseApplicant } from "../db/submissions/erase.ts";
import { removeDataFiles } from "../files/data-files.ts";
import { eraseMailFiles } from "../mail/mail-files.ts";

/** What an erase took away, for the page's message and the CLI's lines. */
export interface Erased {
  submissions: number;
  deliveries: number;
  messages: number;
  /** Files of their messages (raw replies, attachments) deleted; paths outside DATA_DIR refused. */
  files: { removed: number; refused: string[] };
  /** The .eml files written for them when no SMTP_URL is set. */
  mailFiles: number;
}

/**
 * Erases an applicant everywhere they are, the one way the team's page and the CLI both do it:
 * every application of the address, their deliveries, notes, threads and their unmatched mail,
 * and the count of their confirmations (by the address's HMAC), in one transaction with `also`
 * (the page's audit line); then the files those rows named and their .eml files. The SQLite
 * -wal still holds old pages of the erased rows: the caller empties it (the page in the
 * background: wal-after-erase.ts; the CLI waiting: db/empty-wal.ts).
 */
export async function eraseApplicantEverywhere(
  deps: {
    database: Pick<DatabaseHandle, "db" | "writeTransaction">;
    dataDir: string;
    hashRecipient: (email: string) => string;
  },
  email: string,
  also: readonly Compilable[] = [],
): Promise<Erased> {
  const erased = await eraseApplicant(deps.database, email, deps.hashRecipient(email), also);
  const files = await removeDataFiles(deps.dataDir, erased.files);
  const mailFiles = await eraseMailFiles(deps.dataDir, email);
  return { ...erased, files, mailFiles };
}
