import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * 0019_member_settings: what a member sets for themselves on /team/settings (the signature
 * under their replies, the time zone the team's pages show times in) and their role. The name
 * stays better-auth's `team_members.name`, so every page that names a member reads it there.
 * Members present before this migration managed the team the only way there was, the command
 * line; they keep that power as admins. A missing row reads as the defaults (not an admin).
 */
export function migration0019(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was then
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("team_member_settings")
        .addColumn("member_id", "text", (col) =>
          col.primaryKey().references("team_members.id").onDelete("cascade"),
        )
        .addColumn("signature", "text", (col) => col.notNull().defaultTo(""))
        .addColumn("time_zone", "text", (col) => col.notNull().defaultTo("UTC"))
        .addColumn("is_admin", "integer", (col) => col.notNull().defaultTo(0))
        .execute();
      await sql`INSERT INTO team_member_settings (member_id, is_admin) SELECT id, 1 FROM team_members`.execute(
        db,
      );
    },
  };
}
