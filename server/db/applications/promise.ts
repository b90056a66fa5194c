import type { Kysely } from "kysely";
import type { Database } from "../schema.ts";

type Db = Kysely<Database>;

/**
 * The statements that record an application's first response at `at`, if it has none yet: its
 * promise is kept (or missed) from then on, and its reminders are skipped. `fromNew`: the status
 * too goes from New to Contacted (a reply sent from the inbox); a status a member sets is their
 * own statement. Run them in the transaction of what answered it, with its audit line.
 */
export function firstResponseStatements(
  db: Db,
  id: string,
  at: number,
  options: { fromNewToContacted?: boolean } = {},
) {
  const statements = [
    db
      .updateTable("submissions")
      .set({ firstResponseAt: at })
      .where("id", "=", id)
      .where("firstResponseAt", "is", null),
  ];
  if (options.fromNewToContacted) {
    statements.push(
      db
        .updateTable("submissions")
        .set({ status: "contacted" })
        .where("id", "=", id)
        .where("status", "=", "new"),
    );
  }
  return statements;
}

/** Statuses that answer an application: a member reached out, took it on, or said no. */
export const answeringStatuses: readonly string[] = ["contacted", "onboarded", "declined"];
