import type { Kysely } from "kysely";

/** CREATE INDEX `name` ON `table` (`columns`…): the migrations' plain indexes, in one line each. */
export function createIndex(
  // biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was then
  db: Kysely<any>,
  name: string,
  table: string,
  columns: readonly string[],
): Promise<void> {
  return db.schema
    .createIndex(name)
    .on(table)
    .columns([...columns])
    .execute();
}
