import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { type ParsedMail, simpleParser } from "mailparser";
import { port } from "../../../playwright.config.ts";
import { type DatabaseHandle, openDatabase } from "../../../server/db/database.ts";
import type { Application, DeliveryKind, DeliveryStatus } from "../../../server/db/schema.ts";

// What the e2e server stored: its SQLite database, and the emails it wrote as .eml files.

/** The e2e server's DATA_DIR (see playwright.config). */
export const dataDir = path.resolve(`data/e2e-${port}`);

/**
 * Each .eml parsed once per worker, by its file name. The server writes a message under a
 * temporary name and renames it into place (mailer.ts), named after its Message-ID, so a name
 * once listed never holds other bytes. Parsing every file on every look made each look cost
 * more as the run went on: ~1.4 s for the 350 emails of a whole run, on every poll of a link.
 */
const parsed = new Map<string, ParsedMail>();

/**
 * The emails the e2e server sent (without SMTP_URL, .eml files in DATA_DIR/mail, each named
 * after its Message-ID), those whose file name `keep`s, parsed, oldest first.
 */
export async function sentEmails(keep: (name: string) => boolean = () => true) {
  const directory = path.join(dataDir, "mail");
  const names = (await readdir(directory).catch(() => [] as string[]))
    .filter((name) => name.endsWith(".eml") && keep(name))
    .sort();
  const messages: ParsedMail[] = [];
  for (const name of names) {
    const known = parsed.get(name);
    if (known) {
      messages.push(known);
      continue;
    }
    // Another test's "Erase" may delete an applicant's .eml between readdir and here.
    const raw = await readFile(path.join(directory, name)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return undefined;
      throw error;
    });
    if (!raw) continue;
    const message = await simpleParser(raw);
    parsed.set(name, message);
    messages.push(message);
  }
  return messages;
}

/** The address an email went to (its first To). */
export const recipientOf = (message: ParsedMail) =>
  message.to && !Array.isArray(message.to) ? message.to.value[0]?.address : undefined;

/** A connection of the test's own to the e2e server's SQLite database. */
export async function withDatabase<T>(work: (database: DatabaseHandle) => Promise<T>): Promise<T> {
  const database = openDatabase({ DATABASE_URL: undefined, dataDir });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/**
 * One column of an application (its row of `submissions`), as the e2e server stored it; the
 * application found by its id, or by its email address (`by: "email"`).
 */
export function applicationColumn<C extends keyof Application>(
  key: string,
  column: C,
  by: "id" | "email" = "id",
): Promise<Application[C]> {
  return withDatabase(async (database) => {
    const row: Application = await database.db
      .selectFrom("submissions")
      .selectAll()
      .where(by, "=", key)
      .executeTakeFirstOrThrow();
    return row[column];
  });
}

/** An application's deliveries of one kind, their ids and statuses, as the e2e server stored them. */
export function deliveriesOf(id: string, kind: DeliveryKind) {
  return withDatabase((database) =>
    database.db
      .selectFrom("deliveries")
      .select(["id", "status"])
      .where("submissionId", "=", id)
      .where("kind", "=", kind)
      .execute(),
  );
}

/** The statuses of an application's deliveries of one kind, as the e2e server stored them. */
export async function deliveryStatuses(id: string, kind: DeliveryKind): Promise<DeliveryStatus[]> {
  return (await deliveriesOf(id, kind)).map((delivery) => delivery.status);
}
