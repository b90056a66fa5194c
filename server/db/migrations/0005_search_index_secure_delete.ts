import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "../dialect.ts";

/** Migration 0005_search_index_secure_delete. */
export function migration0005(dialect: Dialect): Migration {
  return {
    // SQLite: the inbox's search index (FTS5, 0003_team) removes an erased applicant's
    // trigrams at once instead of leaving delete markers until its segments merge; then
    // one merge drops what earlier deletes left (docs/decisions/0057). PostgreSQL: nothing.
    // biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was then
    async up(db: Kysely<any>) {
      if (dialect !== "sqlite") return;
      await sql`insert into submissions_search(submissions_search, rank) values ('secure-delete', 1)`.execute(
        db,
      );
      await sql`insert into submissions_search(submissions_search) values ('optimize')`.execute(db);
    },
  };
}
