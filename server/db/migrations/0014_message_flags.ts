import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * 0014_message_flags: a message of theirs that is not (yet) a reply of the applicant's
 * (decision 0063). `flag` is null for a reply from the applicant; `sender` when it carried the
 * proof (the routed tag, or a tagged Message-ID of ours) but came from another address, until a
 * member confirms it; `automatic` for out-of-office replies, bounces and list mail; `ours` for
 * mail from our own address. A flagged message is kept and shown, never New reply, never a
 * notice.
 */
export function migration0014(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was then
    async up(db: Kysely<any>) {
      await db.schema.alterTable("application_messages").addColumn("flag", "text").execute();
    },
  };
}
