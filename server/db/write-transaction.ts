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

/** Statements by name, in the order they run: one, a group (maybe empty), or none. */
export type NamedStatements = Record<string, Compilable | readonly Compilable[] | undefined>;

/** Their results by the same names: one, a group, or none. */
export type NamedResults<T extends NamedStatements> = {
  [K in keyof T]: T[K] extends readonly Compilable[]
    ? StatementResult[]
    : T[K] extends Compilable
      ? StatementResult
      : StatementResult | undefined;
};

/**
 * Runs named statements in ONE transaction, in the order they are named, and answers with
 * their results by the same names: a caller reads `results.owner.affected`, never a position
 * that moves when a statement is added before it.
 */
export async function runNamed<T extends NamedStatements>(
  transaction: RunTransaction,
  statements: T,
): Promise<NamedResults<T>> {
  const groups = Object.entries(statements).map(([name, value]) => ({
    name,
    list: value === undefined ? [] : isGroup(value) ? value : [value],
    single: value !== undefined && !isGroup(value),
  }));
  const results = await transaction(groups.flatMap((group) => group.list));
  const named: Record<string, StatementResult | StatementResult[] | undefined> = {};
  let at = 0;
  for (const { name, list, single } of groups) {
    const mine = results.slice(at, at + list.length);
    at += list.length;
    named[name] = single ? mine[0] : statements[name] === undefined ? undefined : mine;
  }
  return named as NamedResults<T>;
}

const isGroup = (value: Compilable | readonly Compilable[]): value is readonly Compilable[] =>
  Array.isArray(value);
