import { CamelCasePlugin, type Compilable, type CompiledQuery, type Kysely } from "kysely";
import type { Database } from "./schema.ts";
import type { SqliteWriter } from "./sqlite-writer.ts";

export interface StatementResult {
  /** Rows of a statement with RETURNING, in camelCase. */
  rows: Record<string, unknown>[];
  /** Rows inserted, updated or deleted. */
  affected: number;
}

/** Runs the team's write statements in ONE transaction: all of them, or none. */
export type RunTransaction = (queries: readonly Compilable[]) => Promise<StatementResult[]>;

/** SQLite with a writer thread: the thread runs the statements in one transaction of its own. */
export function transactionThrough(writer: SqliteWriter): RunTransaction {
  const camelCase = new CamelCasePlugin();
  return async (queries) => {
    const compiled: CompiledQuery[] = queries.map((query) => query.compile());
    const results = await writer.transaction(compiled);
    return Promise.all(
      results.map(async (result, index) => {
        const transformed = await camelCase.transformResult({
          queryId: (compiled[index] as CompiledQuery).queryId,
          result: { rows: result.rows },
        });
        return { rows: transformed.rows, affected: result.rows.length || result.changes };
      }),
    );
  };
}

/** On the handle's own connection (PostgreSQL's pool; SQLite in the CLI and tests). */
export function transactionOn(db: Kysely<Database>): RunTransaction {
  return (queries) =>
    db.transaction().execute(async (trx) => {
      const results: StatementResult[] = [];
      for (const query of queries) {
        const result = await trx.executeQuery<Record<string, unknown>>(query.compile());
        results.push({
          rows: result.rows,
          affected: Number(result.numAffectedRows ?? result.rows.length),
        });
      }
      return results;
    });
}
