import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { createIndex } from "./create-index.ts";

/**
 * 0032_request_clock: the plan's clock (issue 39, decision 0093). A request's footage marked
 * complete (`footage_complete_at`, by the client or the team) starts its first turn and gives it
 * an editor (`editor_id`, round robin; null: nobody available, or the member was removed).
 * `request_pauses` are the spans the team waited on the client (`to_at` null: still waiting).
 * `turn_notices` makes each turn's reminder and missed alert once: its primary key is the
 * request, the turn (0: the first cut, n: the revision asked on version n) and the kind, and
 * the delivery is inserted in the same transaction, only when its row was. Erasing a client
 * deletes all of it (cascade, and client-erase.ts).
 */
export function migration0032(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was then
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable("client_requests")
        .addColumn("footage_complete_at", "bigint")
        .execute();
      await db.schema
        .alterTable("client_requests")
        .addColumn("editor_id", "text", (col) =>
          col.references("team_members.id").onDelete("set null"),
        )
        .execute();
      await db.schema
        .createTable("request_pauses")
        .addColumn("id", "text", (col) => col.primaryKey())
        .addColumn("request_id", "text", (col) =>
          col.notNull().references("client_requests.id").onDelete("cascade"),
        )
        .addColumn("client_id", "text", (col) =>
          col.notNull().references("clients.id").onDelete("cascade"),
        )
        .addColumn("from_at", "bigint", (col) => col.notNull())
        .addColumn("to_at", "bigint")
        .addColumn("created_by", "text")
        .execute();
      await createIndex(db, "request_pauses_request", "request_pauses", ["request_id", "from_at"]);
      await db.schema
        .createTable("turn_notices")
        .addColumn("request_id", "text", (col) =>
          col.notNull().references("client_requests.id").onDelete("cascade"),
        )
        .addColumn("turn", "integer", (col) => col.notNull())
        .addColumn("kind", "text", (col) => col.notNull())
        .addColumn("delivery_id", "text", (col) => col.notNull())
        .addColumn("due_at", "bigint", (col) => col.notNull())
        .addColumn("queued_at", "bigint", (col) => col.notNull())
        .addPrimaryKeyConstraint("turn_notices_pk", ["request_id", "turn", "kind"])
        .execute();
      await createIndex(db, "turn_notices_delivery", "turn_notices", ["delivery_id"]);
      await createIndex(db, "client_requests_footage_complete", "client_requests", [
        "footage_complete_at",
      ]);
    },
  };
}
