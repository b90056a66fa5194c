import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * 0017_sealed_visit_secrets: the day's visit secret is kept sealed (AES-256-GCM under a key
 * derived from the hashing key, which lives outside the database: decision 0066), never as
 * is. The secrets kept in the clear until now are deleted with their table (on SQLite with
 * secure_delete, so their bytes are zeroed): visitors already counted today are counted once
 * more if they come back after the upgrade. `ip_hash_secret` leaves `settings` at the first
 * start, once it is in the key file (server/hashing/hashing-key.ts): a migration cannot write
 * that file.
 */
export function migration0017(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was then
    async up(db: Kysely<any>) {
      await db.deleteFrom("visit_secrets").execute();
      await db.schema.dropTable("visit_secrets").execute();
      await db.schema
        .createTable("visit_secrets")
        .addColumn("day", "integer", (col) => col.primaryKey())
        .addColumn("sealed", "text", (col) => col.notNull())
        .execute();
    },
  };
}
