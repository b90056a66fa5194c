import type { DatabaseHandle } from "../database.ts";

/** The most sources the inbox's Source filter offers. */
export const sourceChoicesMax = 50;

/**
 * The sources applications came from, for the inbox's Source filter: the distinct ones (the
 * index on visit_source walks them in order), "(direct)" among them.
 */
export async function applicationSources({ db }: Pick<DatabaseHandle, "db">): Promise<string[]> {
  const rows = await db
    .selectFrom("submissions")
    .select("visitSource")
    .distinct()
    .where("visitSource", "is not", null)
    .orderBy("visitSource")
    .limit(sourceChoicesMax)
    .execute();
  return rows.flatMap((row) => (row.visitSource === null ? [] : [row.visitSource]));
}
