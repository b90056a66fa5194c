import type { Compilable } from "kysely";
import { eraseApplicant } from "../db/applications/erase.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { portalHoldOf } from "../db/portal/client-erase.ts";
import { removeDataFiles } from "../files/data-files.ts";
import { eraseMailFiles } from "../mail/mail-files.ts";

/** What an erase took away, for the page's message and the CLI's lines. */
export interface Erased {
  applications: number;
  deliveries: number;
  messages: number;
  /** Files of their messages (raw replies, attachments) deleted; paths outside DATA_DIR refused. */
  files: { removed: number; refused: string[] };
  /** The .eml files written for them when no SMTP_URL is set. */
  mailFiles: number;
}

/** Why an applicant is not erased yet: they are in the client portal (decision 0088). */
export interface PortalHold {
  /** "client": a client was made from one of their applications; "person": one of its people. */
  why: "client" | "person";
  clientId: string;
  clientName: string;
}

/**
 * Erases an applicant everywhere they are, the one way the team's page and the CLI both do it:
 * every application of the address, their deliveries, notes, threads and their unmatched mail,
 * and the count of their confirmations (by the address's HMAC), in one transaction with `also`
 * (the page's audit line); then the files those rows named and their .eml files. The SQLite
 * -wal still holds old pages of the erased rows: the caller empties it (the page in the
 * background: wal-after-erase.ts; the CLI waiting: db/empty-wal.ts).
 *
 * Refused, with nothing erased, while the address is in the client portal (decision 0088): a
 * client made from one of their applications is erased first (its page, or `npm run clients --
 * erase ID`: it takes the footage with it), a person of another client removed from it first.
 */
export async function eraseApplicantEverywhere(
  deps: {
    database: Pick<DatabaseHandle, "db" | "writeTransaction">;
    dataDir: string;
    hashRecipient: (email: string) => string;
  },
  email: string,
  also: readonly Compilable[] = [],
): Promise<Erased | { hold: PortalHold }> {
  const hold = await portalHoldOf(deps.database, email);
  if (hold) return { hold };
  const erased = await eraseApplicant(deps.database, email, deps.hashRecipient(email), also);
  const files = await removeDataFiles(deps.dataDir, erased.files);
  const mailFiles = await eraseMailFiles(deps.dataDir, email);
  return { ...erased, files, mailFiles };
}
