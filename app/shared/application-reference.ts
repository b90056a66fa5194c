import { uuidPattern } from "./intake-rules.ts";
import { teamPaths } from "./paths.ts";

/**
 * The fewest characters of a name or email the Unmatched page searches: three, the trigram
 * indexes' unit (SQLite's FTS5 trigram, pg_trgm), so that no search of it scans the table.
 */
export const namedSearchMinLength = 3;

/** The most applications one such search offers (the newest). */
export const namedApplicationsMax = 8;

/**
 * The application a member names by pasting its id or its page's address (any host: only the
 * path counts), as the Unmatched page's "Attach to application" takes it; undefined otherwise.
 */
export function applicationIdIn(text: string): string | undefined {
  const value = text.trim();
  if (uuidPattern.test(value)) return value.toLowerCase();
  let path = value;
  try {
    path = new URL(value).pathname;
  } catch {
    // Not a URL: a path, perhaps.
  }
  const page = new RegExp(`^${teamPaths.inbox}/applications/([^/?#]+)/?$`, "i").exec(path);
  const id = page?.[1] ?? "";
  return uuidPattern.test(id) ? id.toLowerCase() : undefined;
}
