import { loadConfig } from "../config.ts";
import { type DatabaseHandle, openMigratedDatabase } from "../db/database.ts";
import {
  eraseByEmail,
  exportSubmissions,
  findSubmission,
  listSubmissions,
  retryFailedDeliveries,
} from "../db/operator-queries.ts";
import { labelledAnswers } from "../delivery/answers.ts";
import { printable, table, toCsv, toJson } from "./format.ts";

export const usage = `Usage: npm run submissions -- <command> [options]

Commands:
  list [--limit N]                     newest submissions first (default 50)
  export --format csv|json [--since DATE]
                                       every submission (since DATE, e.g. 2026-01-31)
  show ID                              one submission with its deliveries
  retry ID                             failed deliveries of a submission back to pending
  erase --email ADDRESS                delete every submission of ADDRESS and its deliveries

Uses the same configuration as the server: DATABASE_URL (PostgreSQL) or DATA_DIR (SQLite).
`;

export class UsageError extends Error {}

interface Options {
  format?: string;
  since?: string;
  email?: string;
  limit?: string;
}

interface Output {
  out: (text: string) => void;
  err: (text: string) => void;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const time = (ms: number | null) => (ms === null ? "" : new Date(ms).toISOString());

/** Runs one command; returns the exit code. Throws UsageError for bad arguments. */
export async function runCommand(
  positionals: string[],
  options: Options,
  io: Output,
): Promise<number> {
  const [command, ...rest] = positionals;
  const check = checkArguments(command, rest, options);
  const config = loadConfig(process.env);
  const database = await openMigratedDatabase(config);
  try {
    return await check(database, io);
  } finally {
    await database.close();
  }
}

type Run = (database: DatabaseHandle, io: Output) => Promise<number>;

/** Checks the arguments before the database is opened, and returns what to run. */
function checkArguments(command: string | undefined, rest: string[], options: Options): Run {
  const allowed: Record<string, { args: number; options: (keyof Options)[] }> = {
    list: { args: 0, options: ["limit"] },
    export: { args: 0, options: ["format", "since"] },
    show: { args: 1, options: [] },
    retry: { args: 1, options: [] },
    erase: { args: 0, options: ["email"] },
  };
  if (!command) throw new UsageError("a command is required");
  const spec = allowed[command];
  if (!spec) throw new UsageError(`unknown command "${command}"`);
  if (rest.length !== spec.args) {
    throw new UsageError(
      spec.args ? `${command} needs exactly one ID` : `${command} takes no arguments`,
    );
  }
  for (const [name, value] of Object.entries(options)) {
    if (value !== undefined && !spec.options.includes(name as keyof Options)) {
      throw new UsageError(`--${name} does not apply to ${command}`);
    }
  }
  switch (command) {
    case "list":
      return list(parseLimit(options.limit));
    case "export":
      return exportAll(parseFormat(options.format), parseSince(options.since));
    case "show":
      return show(parseId(rest[0]));
    case "retry":
      return retry(parseId(rest[0]));
    default:
      return erase(parseEmail(options.email));
  }
}

function parseLimit(value: string | undefined): number {
  if (value === undefined) return 50;
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 1)
    throw new UsageError("--limit must be a positive whole number");
  return limit;
}

function parseFormat(value: string | undefined): "csv" | "json" {
  if (value === "csv" || value === "json") return value;
  throw new UsageError("--format must be csv or json");
}

function parseSince(value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const date = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(date.getTime())) {
    throw new UsageError(`--since must be a date like 2026-01-31 (got "${value}")`);
  }
  return date;
}

function parseId(value: string | undefined): string {
  if (!value || !uuid.test(value)) throw new UsageError(`"${value ?? ""}" is not a submission ID`);
  return value.toLowerCase();
}

function parseEmail(value: string | undefined): string {
  if (!value) throw new UsageError("erase needs --email ADDRESS");
  if (!/^[^\s@]+@[^\s@]+$/.test(value.trim())) {
    throw new UsageError(`"${value}" is not an email address`);
  }
  return value.trim();
}

function list(limit: number): Run {
  return async (database, io) => {
    const rows = await listSubmissions(database, limit);
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
    const rows = await exportSubmissions(database, since);
    io.out(format === "csv" ? toCsv(rows) : toJson(rows));
    return 0;
  };
}

function show(id: string): Run {
  return async (database, io) => {
    const found = await findSubmission(database, id);
    if (!found) {
      io.err(`No submission with ID ${id}.\n`);
      return 1;
    }
    const { submission, deliveries } = found;
    const fields: [string, string][] = [
      ["ID", submission.id],
      ["Received", time(submission.createdAt)],
      ...labelledAnswers(submission).map((answer): [string, string] => [
        answer.label,
        answer.value,
      ]),
      ["Spam", submission.isSpam ? "yes (honeypot filled)" : "no"],
      ["User agent", submission.userAgent],
      ["Idempotency key", submission.idempotencyKey ?? "(none)"],
    ];
    const width = Math.max(...fields.map(([label]) => label.length));
    for (const [label, value] of fields) {
      io.out(`${`${label}:`.padEnd(width + 2)}${printable(value)}\n`);
    }
    io.out("\nDeliveries:\n");
    io.out(
      table(
        ["Kind", "Status", "Attempts", "Next attempt", "Last error"],
        deliveries.map((delivery) => [
          delivery.kind,
          delivery.status,
          String(delivery.attempts),
          delivery.status === "pending" ? time(delivery.nextAttemptAt) : "",
          delivery.lastError ?? "",
        ]),
        60,
      ),
    );
    return 0;
  };
}

function retry(id: string): Run {
  return async (database, io) => {
    if (!(await findSubmission(database, id))) {
      io.err(`No submission with ID ${id}.\n`);
      return 1;
    }
    const count = await retryFailedDeliveries(database, id);
    io.out(
      count === 0
        ? `Submission ${id} has no failed deliveries.\n`
        : `${count} failed ${count === 1 ? "delivery" : "deliveries"} of ${id} set back to pending; the running server sends ${count === 1 ? "it" : "them"} at its next poll.\n`,
    );
    return 0;
  };
}

function erase(email: string): Run {
  return async (database, io) => {
    const erased = await eraseByEmail(database, email);
    io.out(
      `Erased ${erased.submissions} ${erased.submissions === 1 ? "submission" : "submissions"} and ${erased.deliveries} ${erased.deliveries === 1 ? "delivery" : "deliveries"} of ${printable(email)}.\n`,
    );
    return 0;
  };
}
