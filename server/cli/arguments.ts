/** The CLI's usage text and the checks of its arguments (a bad one is a UsageError: exit 2). */

import { uuidPattern } from "#app/shared/intake-rules.ts";

export const usage = `Usage: npm run submissions -- <command> [options]

Commands:
  list [--limit N]                     newest submissions first (default 50)
  export --format csv|json [--since DATE]
                                       every submission (since DATE, e.g. 2026-01-31)
  show ID                              one submission with its deliveries
  retry ID                             failed deliveries of a submission back to pending
  erase --email ADDRESS                delete every submission of ADDRESS and its deliveries
  purge                                delete submissions older than RETENTION_DAYS (730 days
                                       by default; the server also does it every hour)
  backup FILE                          a consistent copy of the SQLite database in FILE (new),
                                       taken while the server runs (PostgreSQL: use pg_dump)

Uses the same configuration as the server: DATABASE_URL (PostgreSQL) or DATA_DIR (SQLite).
`;

export class UsageError extends Error {}

export function parseLimit(value: string | undefined): number {
  if (value === undefined) return 50;
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 1)
    throw new UsageError("--limit must be a positive whole number");
  return limit;
}

export function parseFormat(value: string | undefined): "csv" | "json" {
  if (value === "csv" || value === "json") return value;
  throw new UsageError("--format must be csv or json");
}

export function parseSince(value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const date = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(date.getTime())) {
    throw new UsageError(`--since must be a date like 2026-01-31 (got "${value}")`);
  }
  return date;
}

export function parseId(value: string | undefined): string {
  if (!value || !uuidPattern.test(value))
    throw new UsageError(`"${value ?? ""}" is not a submission ID`);
  return value.toLowerCase();
}

export function parseEmail(value: string | undefined): string {
  if (!value) throw new UsageError("erase needs --email ADDRESS");
  if (!/^[^\s@]+@[^\s@]+$/.test(value.trim())) {
    throw new UsageError(`"${value}" is not an email address`);
  }
  return value.trim();
}

export function parseBackupFile(value: string | undefined): string {
  if (!value?.trim()) throw new UsageError("backup needs FILE, the copy to write");
  return value;
}
