import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "../dialect.ts";
import { createIndex } from "./create-index.ts";

/** Migration 0002_idempotency_and_confirmation_caps. */
export function migration0002(_dialect: Dialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was then
    async up(db: Kysely<any>) {
      // SHA-256 of the answers sent with an Idempotency-Key: the same key with other answers
      // is refused (Stripe's rule). Null on rows stored before (any answers match those).
      await db.schema.alterTable("submissions").addColumn("idempotency_hash", "text").execute();
      // Why a delivery was skipped (status `skipped`): only confirmations ever are.
      await db.schema.alterTable("deliveries").addColumn("skip_reason", "text").execute();
      // Confirmations granted per recipient (an HMAC of the lower-cased address, never the
      // address) and per clock hour, decided in the transaction that stores the submission.
      await db.schema
        .createTable("confirmation_recipients")
        .addColumn("recipient_hash", "text", (col) => col.primaryKey())
        .addColumn("sent_at", "bigint", (col) => col.notNull())
        .execute();
      await createIndex(db, "confirmation_recipients_sent_at", "confirmation_recipients", [
        "sent_at",
      ]);
      await db.schema
        .createTable("confirmation_hours")
        .addColumn("hour", "bigint", (col) => col.primaryKey())
        .addColumn("count", "integer", (col) => col.notNull())
        .execute();
    },
  };
}
