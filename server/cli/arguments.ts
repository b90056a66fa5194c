/** The checks of the command lines' arguments: a bad one is a UsageError (exit 2, with the usage). */

import { uuidPattern } from "#app/shared/intake-rules.ts";

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

/** An email address as every command takes one (`erase --email`, `team add`), trimmed. */
export function parseEmail(
  value: string | undefined,
  missing = "an email address is required",
): string {
  if (!value) throw new UsageError(missing);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim())) {
    throw new UsageError(`"${value}" is not an email address`);
  }
  return value.trim();
}

export function parseBackupFile(value: string | undefined): string {
  if (!value?.trim()) throw new UsageError("backup needs FILE, the copy to write");
  return value;
}

/** A client's id (a UUID, any case). */
export function parseClientId(value: string | undefined): string {
  if (!value || !uuidPattern.test(value)) {
    throw new UsageError(
      `"${value ?? ""}" is not a client ID (npm run clients -- list shows them)`,
    );
  }
  return value.toLowerCase();
}
