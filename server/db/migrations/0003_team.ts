import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import { postgresSearchText, searchedColumns } from "../applications/search-text.ts";
import type { Dialect } from "../dialect.ts";
import { createIndex } from "./create-index.ts";

/**
 * 0003_team: the team inbox. better-auth's tables (members, sessions, accounts, one-time link
 * tokens, passkeys) made here, by our migrations, as better-auth's own generator writes them
 * for this configuration (server/team/auth.ts; auth-schema.test.ts compares the two); then an
 * application's status, notes and the audit log, and the indexes the inbox pages need.
 *
 * better-auth keeps its times as dates (timestamptz on PostgreSQL, ISO text in `date` columns on SQLite) and its
 * flags as booleans (0/1 on SQLite); our own tables keep epoch milliseconds like the rest.
 */
export function migration0003(dialect: Dialect): Migration {
  const date = dialect === "postgres" ? "timestamptz" : "date";
  const boolean = dialect === "postgres" ? "boolean" : "integer";
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was then
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("team_members")
        .addColumn("id", "text", (col) => col.notNull().primaryKey())
        .addColumn("name", "text", (col) => col.notNull())
        .addColumn("email", "text", (col) => col.notNull().unique())
        .addColumn("email_verified", boolean, (col) => col.notNull())
        .addColumn("image", "text")
        .addColumn("created_at", date, (col) => col.notNull())
        .addColumn("updated_at", date, (col) => col.notNull())
        .execute();
      const member = (col: ColumnDefinitionBuilder) =>
        col.notNull().references("team_members.id").onDelete("cascade");
      await db.schema
        .createTable("team_sessions")
        .addColumn("id", "text", (col) => col.notNull().primaryKey())
        .addColumn("expires_at", date, (col) => col.notNull())
        .addColumn("token", "text", (col) => col.notNull().unique())
        .addColumn("created_at", date, (col) => col.notNull())
        .addColumn("updated_at", date, (col) => col.notNull())
        .addColumn("ip_address", "text")
        .addColumn("user_agent", "text")
        .addColumn("user_id", "text", member)
        .execute();
      await db.schema
        .createTable("team_accounts")
        .addColumn("id", "text", (col) => col.notNull().primaryKey())
        .addColumn("account_id", "text", (col) => col.notNull())
        .addColumn("provider_id", "text", (col) => col.notNull())
        .addColumn("user_id", "text", member)
        .addColumn("access_token", "text")
        .addColumn("refresh_token", "text")
        .addColumn("id_token", "text")
        .addColumn("access_token_expires_at", date)
        .addColumn("refresh_token_expires_at", date)
        .addColumn("scope", "text")
        .addColumn("password", "text")
        .addColumn("created_at", date, (col) => col.notNull())
        .addColumn("updated_at", date, (col) => col.notNull())
        .execute();
      await db.schema
        .createTable("team_verifications")
        .addColumn("id", "text", (col) => col.notNull().primaryKey())
        .addColumn("identifier", "text", (col) => col.notNull())
        .addColumn("value", "text", (col) => col.notNull())
        .addColumn("expires_at", date, (col) => col.notNull())
        .addColumn("created_at", date, (col) => col.notNull())
        .addColumn("updated_at", date, (col) => col.notNull())
        .execute();
      await db.schema
        .createTable("team_passkeys")
        .addColumn("id", "text", (col) => col.notNull().primaryKey())
        .addColumn("name", "text")
        .addColumn("public_key", "text", (col) => col.notNull())
        .addColumn("user_id", "text", member)
        .addColumn("credential_id", "text", (col) => col.notNull())
        .addColumn("counter", "integer", (col) => col.notNull())
        .addColumn("device_type", "text", (col) => col.notNull())
        .addColumn("backed_up", boolean, (col) => col.notNull())
        .addColumn("transports", "text")
        .addColumn("created_at", date)
        .addColumn("aaguid", "text")
        .execute();
      for (const [table, column] of [
        ["team_sessions", "user_id"],
        ["team_accounts", "user_id"],
        ["team_verifications", "identifier"],
        ["team_passkeys", "user_id"],
        ["team_passkeys", "credential_id"],
      ] as const) {
        await createIndex(db, `${table}_${column}_idx`, table, [column]);
      }

      // Where each application stands with the team.
      await db.schema
        .alterTable("submissions")
        .addColumn("status", "text", (col) => col.notNull().defaultTo("new"))
        .execute();
      await db.schema
        .createTable("application_notes")
        .addColumn("id", "text", (col) => col.notNull().primaryKey())
        .addColumn("submission_id", dialect === "postgres" ? "uuid" : "text", (col) =>
          col.notNull().references("submissions.id").onDelete("cascade"),
        )
        .addColumn("author_email", "text", (col) => col.notNull())
        .addColumn("body", "text", (col) => col.notNull())
        .addColumn("created_at", "bigint", (col) => col.notNull())
        .execute();
      await createIndex(db, "application_notes_submission", "application_notes", [
        "submission_id",
        "created_at",
      ]);
      // No foreign key: the line that says who erased an application outlives it.
      await db.schema
        .createTable("team_audit_log")
        .addColumn("id", "text", (col) => col.notNull().primaryKey())
        .addColumn("submission_id", "text")
        .addColumn("member_email", "text", (col) => col.notNull())
        .addColumn("action", "text", (col) => col.notNull())
        .addColumn("detail", "text", (col) => col.notNull().defaultTo(""))
        .addColumn("created_at", "bigint", (col) => col.notNull())
        .execute();
      await createIndex(db, "team_audit_log_submission", "team_audit_log", [
        "submission_id",
        "created_at",
      ]);

      // The inbox: newest first (keyset on created_at, id) within each filter.
      const inboxIndexes: [string, string[]][] = [
        ["submissions_inbox", ["is_spam", "created_at", "id"]],
        ["submissions_inbox_status", ["status", "is_spam", "created_at", "id"]],
        ["submissions_inbox_plan", ["selected_plan", "is_spam", "created_at", "id"]],
      ];
      for (const [name, columns] of inboxIndexes) {
        await createIndex(db, name, "submissions", columns);
      }
      await searchIndex(db, dialect);
      // Failed deliveries (the banner, the filter): found by status, then their submission.
      await createIndex(db, "deliveries_status_submission", "deliveries", [
        "status",
        "submission_id",
      ]);
    },
  };
}

/**
 * What makes the inbox's search ("contains", any case) fast at 100,000 applications without a
 * full scan (docs/decisions/0033): on SQLite an FTS5 index of trigrams of the searched columns,
 * kept by triggers (external content: the text stays in `submissions` only, keyed by rowid);
 * on PostgreSQL a pg_trgm GIN index of the searched text (search-text.ts), when the extension
 * can be created (a trusted extension: the database's owner may). Without it the search still
 * works, by scanning.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was then
async function searchIndex(db: Kysely<any>, dialect: Dialect) {
  if (dialect === "postgres") {
    await sql`savepoint team_trigram`.execute(db);
    try {
      await sql`create extension if not exists pg_trgm`.execute(db);
    } catch {
      await sql`rollback to savepoint team_trigram`.execute(db);
      return;
    }
    await sql`create index submissions_search on submissions using gin (${postgresSearchText()} gin_trgm_ops)`.execute(
      db,
    );
    return;
  }
  const columns = sql.join(searchedColumns.map((column) => sql.id(column)));
  const values = (row: "new" | "old") =>
    sql.join(searchedColumns.map((column) => sql`${sql.raw(row)}.${sql.id(column)}`));
  await sql`create virtual table submissions_search using fts5(${columns}, content='submissions', tokenize='trigram')`.execute(
    db,
  );
  const remove = sql`insert into submissions_search(submissions_search, rowid, ${columns}) values ('delete', old.rowid, ${values("old")});`;
  const add = sql`insert into submissions_search(rowid, ${columns}) values (new.rowid, ${values("new")});`;
  await sql`create trigger submissions_search_insert after insert on submissions begin ${add} end`.execute(
    db,
  );
  await sql`create trigger submissions_search_delete after delete on submissions begin ${remove} end`.execute(
    db,
  );
  await sql`create trigger submissions_search_update after update of ${columns} on submissions begin ${remove} ${add} end`.execute(
    db,
  );
  await sql`insert into submissions_search(submissions_search) values ('rebuild')`.execute(db);
}
