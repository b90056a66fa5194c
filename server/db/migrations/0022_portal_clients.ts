import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "../dialect.ts";
import { createIndex } from "./create-index.ts";

/**
 * 0022_portal_clients: the client portal's first tables (decision 0079). A client (made from an
 * Onboarded application, its plan copied), its people (one address belongs to one client), their
 * emailed sign-in links and sessions (both stored as SHA-256 of the token: the database never
 * holds one that works), and their requests, one per video, each with the week it starts in
 * (the plan's videos a week: a request beyond them starts a later week).
 */
export function migration0022(dialect: Dialect): Migration {
  const uuid = dialect === "postgres" ? "uuid" : "text";
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was then
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("clients")
        .addColumn("id", "text", (col) => col.primaryKey())
        .addColumn("name", "text", (col) => col.notNull())
        .addColumn("plan", "text", (col) => col.notNull())
        // The application it came from; an erased application leaves the client (its own erase).
        .addColumn("application_id", uuid, (col) =>
          col.unique().references("submissions.id").onDelete("set null"),
        )
        .addColumn("created_at", "bigint", (col) => col.notNull())
        .execute();
      await db.schema
        .createTable("client_people")
        .addColumn("id", "text", (col) => col.primaryKey())
        .addColumn("client_id", "text", (col) =>
          col.notNull().references("clients.id").onDelete("cascade"),
        )
        // Lower-cased; one address, one client (so that a link signs into one space).
        .addColumn("email", "text", (col) => col.notNull().unique())
        .addColumn("created_at", "bigint", (col) => col.notNull())
        .execute();
      await createIndex(db, "client_people_client", "client_people", ["client_id"]);
      for (const table of ["client_sign_in_tokens", "client_sessions"]) {
        await db.schema
          .createTable(table)
          .addColumn("token_hash", "text", (col) => col.primaryKey())
          .addColumn("person_id", "text", (col) =>
            col.notNull().references("client_people.id").onDelete("cascade"),
          )
          .addColumn("expires_at", "bigint", (col) => col.notNull())
          .addColumn("created_at", "bigint", (col) => col.notNull())
          .$call((builder) =>
            table === "client_sign_in_tokens" ? builder.addColumn("used_at", "bigint") : builder,
          )
          .execute();
        await createIndex(db, `${table}_person`, table, ["person_id"]);
        await createIndex(db, `${table}_expiry`, table, ["expires_at"]);
      }
      await db.schema
        .createTable("client_requests")
        .addColumn("id", "text", (col) => col.primaryKey())
        .addColumn("client_id", "text", (col) =>
          col.notNull().references("clients.id").onDelete("cascade"),
        )
        .addColumn("title", "text", (col) => col.notNull())
        .addColumn("brief", "text", (col) => col.notNull())
        .addColumn("platform", "text", (col) => col.notNull())
        // YYYY-MM-DD as the client chose it (a day, no time zone).
        .addColumn("wished_date", "text", (col) => col.notNull())
        // The Monday (00:00 UTC, epoch ms) of the week its work starts.
        .addColumn("starts_week", "bigint", (col) => col.notNull())
        .addColumn("created_by", "text", (col) =>
          col.references("client_people.id").onDelete("set null"),
        )
        .addColumn("created_at", "bigint", (col) => col.notNull())
        .execute();
      await createIndex(db, "client_requests_client_week", "client_requests", [
        "client_id",
        "starts_week",
      ]);
      await createIndex(db, "client_requests_client_created", "client_requests", [
        "client_id",
        "created_at",
      ]);
    },
  };
}
