import { sql } from "kysely";
import type { DatabaseHandle } from "../database.ts";

/** The most sources the inbox's Source filter offers. */
export const sourceChoicesMax = 50;

/**
 * The sources applications came from, for the inbox's Source filter: the distinct ones in order,
 * "(direct)" among them, at most `sourceChoicesMax`. Each is the least source after the one
 * before (a seek of the visit_source index per source): a DISTINCT walked every application's
 * entry of that index on PostgreSQL (300 ms at 1,000,000, bench:team).
 */
export async function applicationSources({ db }: Pick<DatabaseHandle, "db">): Promise<string[]> {
  const { rows } = await sql<{ source: string | null }>`
    with recursive sources (source, n) as (
      select min(visit_source), 1 from submissions where visit_source is not null
      union all
      select (select min(visit_source) from submissions where visit_source > sources.source), n + 1
      from sources where sources.source is not null and n < ${sql.lit(sourceChoicesMax)}
    )
    select source from sources where source is not null order by n`.execute(db);
  return rows.flatMap((row) => (row.source === null ? [] : [row.source]));
}
