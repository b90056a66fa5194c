/** Something shaped like an email address (a mail server's refusal quotes the recipient). */
const emailAddress = /[^\s<>()"',;:@]+@[^\s<>()"',;:@]+\.[^\s<>()"',;:@]+/g;

/**
 * What to log of an error: its name, code and message only, with email addresses blanked out.
 * Driver errors can carry query details, mail servers quote the recipient, and applicants'
 * answers must never reach the logs.
 */
export function errorSummary(error: unknown): { name?: string; code?: string; message: string } {
  const message = (text: string) => text.replace(emailAddress, "[email]").slice(0, 300);
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return {
      name: error.name,
      code: typeof code === "string" ? code : undefined,
      message: message(error.message),
    };
  }
  return { message: message(String(error)) };
}

/**
 * True when a write failed because of the data of a row (PostgreSQL SQLSTATE classes 22, data
 * exception, and 23, integrity constraint; SQLite's constraint, mismatch and too-big errors),
 * not because the database is unreachable, locked or out of resources.
 */
export function isRowDataError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== "string") return false;
  return /^(22|23)[0-9A-Z]{3}$/.test(code) || /^SQLITE_(CONSTRAINT|MISMATCH|TOOBIG)/.test(code);
}

/** True when a write broke a unique index (PostgreSQL 23505, SQLite's UNIQUE constraint). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE";
}
