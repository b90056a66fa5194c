import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "../dialect.ts";

/** Migration 0004_delivery_alerts. */
export function migration0004(dialect: Dialect): Migration {
  const uuid = dialect === "postgres" ? "uuid" : "text";
  return {
    // Chat kinds and alerts need no new table: an alert is a delivery that names the one that
    // failed (server/db/delivery-alerts.ts); every failed attempt records its class of error.
    // biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was then
    async up(db: Kysely<any>) {
      for (const [column, type] of [
        ["error_class", "text"],
        ["alert_for", uuid],
        ["alert_for_kind", "text"],
        ["alert_for_error", "text"],
      ] as const) {
        await db.schema.alterTable("deliveries").addColumn(column, type).execute();
      }
    },
  };
}
