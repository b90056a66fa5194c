import { existsSync } from "node:fs";
import { emails } from "#app/content/emails.ts";
import { applicationSource, sourceSummary } from "#app/shared/application-source.ts";
import { printable } from "#app/shared/text.ts";
import { labelledAnswers } from "../answers/labelled-answers.ts";
import { type SkipReason, skipReasonText } from "../db/applications/confirmation-budget.ts";
import { exportMessages, exportPageSize, exportPages } from "../db/applications/export-pages.ts";
import { findApplication, listApplications } from "../db/applications/reads.ts";
import { purgeExpired, retentionCutoff } from "../db/applications/retention.ts";
import { BackupError, backupSqlite } from "../db/backup.ts";
import { retryFailedDeliveries } from "../db/deliveries/retry.ts";
import { emptyWalWithin } from "../db/empty-wal.ts";
import { threadCount, type WholeMessage, wholeMessagesOf } from "../db/messages.ts";
import { eraseApplicantEverywhere, type PortalHold } from "../erasure/erase-applicant.ts";
import { exportStream } from "../export/export-stream.ts";
import { createRecipientHasher } from "../hashing/client-hashes.ts";
import { loadHashingKey } from "../hashing/hashing-key.ts";
import { purgeMailFiles } from "../mail/mail-files.ts";
import { copyMediaFolder, MediaBackupError, mediaBackupOf } from "../media/media-backup.ts";
import {
  parseBackupFile,
  parseEmail,
  parseFormat,
  parseId,
  parseLimit,
  parseSince,
} from "./arguments.ts";
import type { Output, Program, Run } from "./program.ts";
import { table } from "./table.ts";

const time = (ms: number | null) => (ms === null ? "" : new Date(ms).toISOString());

/** `npm run applications -- <command>`: the operator's view of the stored applications. */
export const applicationsProgram: Program = {
  name: "applications",
  usage: `Usage: npm run applications -- <command> [options]

Commands:
  list [--limit N]                     newest submissions first (default 50)
  export --format csv|json [--since DATE]
                                       every submission (since DATE, e.g. 2026-01-31)
  show ID                              one submission with its deliveries and its thread
  retry ID                             failed deliveries of a submission back to pending
  erase --email ADDRESS                delete every submission of ADDRESS, its deliveries,
                                       messages and their files
  purge                                delete submissions older than RETENTION_DAYS (730 days
                                       by default; the server also does it every hour)
  backup FILE                          a consistent copy of the SQLite database in FILE (new),
                                       then of DATA_DIR/media in FILE.media (new), taken while
                                       the server runs (PostgreSQL: use pg_dump, then rsync)

Uses the same configuration as the server: DATABASE_URL (PostgreSQL) or DATA_DIR (SQLite).
`,
  options: ["format", "since", "email", "limit"],
  commands: {
    list: { options: ["limit"], check: (_, options) => list(parseLimit(options.limit)) },
    export: {
      options: ["format", "since"],
      check: (_, options) => exportAll(parseFormat(options.format), parseSince(options.since)),
    },
    show: { args: ["ID"], check: ([id]) => show(parseId(id)) },
    retry: { args: ["ID"], check: ([id]) => retry(parseId(id)) },
    erase: {
      options: ["email"],
      check: (_, options) => erase(parseEmail(options.email, "erase needs --email ADDRESS")),
    },
    purge: { check: () => purge() },
    backup: {
      args: ["FILE"],
      check: ([file]) => backup(parseBackupFile(file)),
      // Nothing to connect to: PostgreSQL has its own tool, which the operator runs.
      refuse: (config) => (config.DATABASE_URL ? pgDumpAdvice : undefined),
    },
  },
};

function list(limit: number): Run {
  return async (database, io) => {
    const rows = await listApplications(database, limit);
    if (rows.length === 0) {
      io.out("No submissions yet.\n");
      return 0;
    }
    const deliveries = (counts: Record<string, number>) =>
      Object.entries(counts)
        .map(([status, n]) => `${n} ${status}`)
        .join(", ") || "none";
    io.out(
      table(
        ["Received", "ID", "Name", "Email", "Plan", "Spam", "Deliveries"],
        rows.map((row) => [
          time(row.createdAt).slice(0, 16).replace("T", " "),
          row.id,
          row.name,
          row.email,
          row.selectedPlan,
          row.isSpam ? "yes" : "",
          deliveries(row.deliveries),
        ]),
        40,
      ),
    );
    return 0;
  };
}

function exportAll(format: "csv" | "json", since: Date | undefined): Run {
  return async (database, io) => {
    const failed: string[] = [];
    const stream = exportStream(
      {
        readPage: exportPages(database, { since: since?.getTime() }),
        readMessages: format === "json" ? exportMessages(database) : undefined,
        pageSize: exportPageSize,
        onRowFailed: ({ applicationId, message, error }) => {
          const what = message === undefined ? "" : ` (message ${message + 1} of its thread)`;
          const why = error instanceof Error ? error.message : String(error);
          failed.push(applicationId);
          io.err(`Not exported: ${applicationId}${what}: ${why}\n`);
        },
      },
      format,
    );
    const decoder = new TextDecoder();
    for await (const chunk of stream) io.out(decoder.decode(chunk, { stream: true }));
    // Every other row is written; the exit code says that some were not (the file says which).
    return failed.length === 0 ? 0 : 1;
  };
}

function show(id: string): Run {
  return async (database, io) => {
    const found = await findApplication(database, id);
    if (!found) {
      io.err(`No submission with ID ${id}.\n`);
      return 1;
    }
    const { application, deliveries } = found;
    const fields: [string, string][] = [
      ["ID", application.id],
      ["Received", time(application.createdAt)],
      ...labelledAnswers(application).map((answer): [string, string] => [
        answer.label,
        answer.value,
      ]),
      ["Spam", application.isSpam ? "yes (honeypot filled)" : "no"],
      ["Source", sourceSummary(applicationSource(application), emails.team.sourceWords)],
      ["User agent", application.userAgent],
      ["Idempotency key", application.idempotencyKey ?? "(none)"],
    ];
    const width = Math.max(...fields.map(([label]) => label.length));
    for (const [label, value] of fields) {
      io.out(`${`${label}:`.padEnd(width + 2)}${printable(value)}\n`);
    }
    io.out("\nDeliveries:\n");
    io.out(
      table(
        ["Kind", "Status", "Attempts", "Next attempt", "Last error / why skipped"],
        deliveries.map((delivery) => [
          delivery.kind,
          delivery.status,
          String(delivery.attempts),
          delivery.status === "pending" ? time(delivery.nextAttemptAt) : "",
          delivery.status === "skipped"
            ? skipReasonLine(delivery.skipReason)
            : (delivery.lastError ?? ""),
        ]),
        60,
      ),
    );
    // The thread message by message (a thread of 2,100 of 256 KB is never in memory at once).
    const count = await threadCount(database.db, id);
    if (count === 0) io.out("\nThread: no messages.\n");
    else io.out(`\nThread (${count} ${count === 1 ? "message" : "messages"}):\n`);
    for await (const message of wholeMessagesOf(database.db, [id])) io.out(messageText(message));
    return 0;
  };
}

/** One message of an application's thread with its whole text. */
function messageText(message: WholeMessage): string {
  const from = message.fromName
    ? `${message.fromName} <${message.fromAddress}>`
    : message.fromAddress;
  const lines = [
    "",
    `${message.direction === "out" ? "Sent" : "Received"} ${time(message.createdAt)}`,
    `From:    ${printable(from)}`,
    `To:      ${printable(message.toAddress)}`,
    `Subject: ${printable(message.subject)}`,
    ...message.attachments.map(
      (attachment) => `Attached: ${printable(attachment.filename)} (${attachment.size} bytes)`,
    ),
    "",
    // Line by line: the text's line breaks stay, anything else a terminal acts on goes.
    ...message.body.split("\n").map((line) => `  ${printable(line)}`),
  ];
  return `${lines.join("\n")}\n`;
}

/** Why a delivery was skipped, as the operator reads it. */
function skipReasonLine(reason: string | null): string {
  return reason && Object.hasOwn(skipReasonText, reason)
    ? skipReasonText[reason as SkipReason]
    : `not sent (${reason ?? "no reason recorded"})`;
}

function retry(id: string): Run {
  return async (database, io) => {
    if (!(await findApplication(database, id))) {
      io.err(`No submission with ID ${id}.\n`);
      return 1;
    }
    const count = await retryFailedDeliveries(database.db, id);
    io.out(
      count === 0
        ? `Submission ${id} has no failed deliveries.\n`
        : `${count} failed ${count === 1 ? "delivery" : "deliveries"} of ${id} set back to pending; the running server sends ${count === 1 ? "it" : "them"} at its next poll.\n`,
    );
    return 0;
  };
}

function erase(email: string): Run {
  return async (database, io, config) => {
    // Its confirmation count too (an HMAC of the address), and on SQLite the -wal's old pages.
    const { key } = await loadHashingKey(database, config);
    const erased = await eraseApplicantEverywhere(
      { database, dataDir: config.dataDir, hashRecipient: createRecipientHasher(key) },
      email,
    );
    if ("hold" in erased) {
      io.err(heldLine(email, erased.hold));
      return 1;
    }
    const { files } = erased;
    const walEmptied = await emptyWalWithin(database, { attempts: 20, intervalMs: 500 });
    const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
    io.out(
      `Erased ${plural(erased.applications, "submission", "submissions")}, ${plural(erased.deliveries, "delivery", "deliveries")} and ${plural(erased.messages, "message", "messages")} of ${printable(email)}.\n`,
    );
    if (files.removed > 0) {
      io.out(
        `Deleted ${plural(files.removed, "file", "files")} of their messages under DATA_DIR.\n`,
      );
    }
    if (files.refused.length > 0) {
      io.err(
        `warning: ${plural(files.refused.length, "file path", "file paths")} of their messages led outside DATA_DIR and ${files.refused.length === 1 ? "was" : "were"} left alone.\n`,
      );
    }
    mailFilesLine(io, erased.mailFiles);
    if (!walEmptied) {
      io.err(
        "warning: a reader of the database held its -wal for 10 s, so old copies of the erased rows are still in reelsmith.db-wal; run the erase again once it has finished (or stop the server).\n",
      );
    }
    return 0;
  };
}

/** Why an applicant in the client portal is not erased, and what to do first (decision 0088). */
function heldLine(email: string, hold: PortalHold): string {
  const client = `${printable(hold.clientName)} (${hold.clientId})`;
  return hold.why === "client"
    ? `Nothing erased: ${printable(email)} is the client ${client}, made from their application. Erase the client first (npm run clients -- erase ${hold.clientId}: its footage goes too), then erase the applicant.\n`
    : `Nothing erased: ${printable(email)} is one of the people of the client ${client}. Remove them on the client's page (or erase that client: npm run clients -- erase ${hold.clientId}) first, then erase the applicant.\n`;
}

/** The .eml files (written when no SMTP_URL is set) go too; said only when there were some. */
function mailFilesLine(io: Output, removed: number) {
  if (removed > 0)
    io.out(`Deleted ${removed} .eml ${removed === 1 ? "file" : "files"} under DATA_DIR/mail.\n`);
}

function purge(): Run {
  return async (database, io, config) => {
    const cutoff = retentionCutoff(config.RETENTION_DAYS);
    if (cutoff === null) {
      io.out("RETENTION_DAYS is 0: applications are kept forever. Nothing purged.\n");
      return 0;
    }
    const purged = await purgeExpired(database, cutoff);
    const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
    io.out(
      `Purged ${plural(purged.applications, "submission", "submissions")} and ${plural(purged.deliveries, "delivery", "deliveries")} received before ${time(cutoff)} (RETENTION_DAYS=${config.RETENTION_DAYS}).\n`,
    );
    mailFilesLine(io, await purgeMailFiles(config.dataDir, cutoff));
    return 0;
  };
}

export const pgDumpAdvice = `backup copies the SQLite database; this server uses PostgreSQL (DATABASE_URL).
Back it up with PostgreSQL's own tool, while the servers run:
  pg_dump --format=custom --file=reelsmith-$(date +%F).dump "$DATABASE_URL"
then, after it, the clients' footage (the media folder the instances share):
  rsync -a --exclude='*.part' DATA_DIR/media/ reelsmith-$(date +%F).media/
and restore with: pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" FILE.dump
(and the media folder copied back into DATA_DIR/media, the servers stopped).
`;

/** What a backup lets its holder learn, said with every backup (docs/privacy.md says more). */
export const backupHolds = (
  key: string,
) => `It holds every application, reply and note as stored, and no key: a visitor's hash cannot be
recomputed from it, nor an ip_hash reversed. Keep the hashing key (${key}) apart from it.
`;

function backup(file: string): Run {
  return async (database, io, config) => {
    if (!database.sqlite) {
      io.err(pgDumpAdvice);
      return 1;
    }
    // A database an earlier version left its hashing key in (the server not restarted since
    // the upgrade): the key goes to its file first, so that the copy never holds it.
    const hashing = await loadHashingKey(database, config);
    if (hashing.movedOut) await database.emptyWal?.();
    // The media folder's copy must not exist either: refused before the database is copied.
    const mediaTarget = mediaBackupOf(file);
    if (existsSync(mediaTarget)) {
      io.err(`error: ${mediaTarget} already exists; a backup never replaces a file\n`);
      return 1;
    }
    try {
      const copy = backupSqlite(database.sqlite, file);
      const megabytes = (copy.bytes / 1024 / 1024).toFixed(1);
      io.out(
        `Backed up ${copy.applications} ${copy.applications === 1 ? "submission" : "submissions"} to ${copy.file} (${megabytes} MB); integrity_check: ok.\n${backupHolds(hashing.source)}`,
      );
      // Then the clients' footage, after the database: every upload in that copy has its file.
      const media = await copyMediaFolder(config.dataDir, mediaTarget);
      io.out(
        `Copied DATA_DIR/media to ${mediaTarget} after the database: ${media.files} ${media.files === 1 ? "file" : "files"} (${(media.bytes / 1024 / 1024).toFixed(1)} MB).\n`,
      );
      return 0;
    } catch (error) {
      if (!(error instanceof BackupError || error instanceof MediaBackupError)) throw error;
      io.err(`error: ${error.message}\n`);
      return 1;
    }
  };
}
