import { type RawBuilder, sql } from "kysely";

/** The columns the team inbox's search looks in (0003_team indexes them). */
export const searchedColumns = ["name", "email", "account_handle", "content_niche"] as const;

/**
 * PostgreSQL: the searched text of an application, lower case, the columns joined by a unit
 * separator (nothing anyone types, so no match spans two columns). pg_trgm's GIN index is on
 * this very expression, and the search filters on it: the two must stay identical.
 */
export function postgresSearchText(): RawBuilder<string> {
  return sql<string>`(${sql.join(
    searchedColumns.map((column) => sql`lower(${sql.ref(`submissions.${column}`)})`),
    sql` || chr(31) || `,
  )})`;
}
