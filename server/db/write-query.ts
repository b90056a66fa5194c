import { type Compilable, CompiledQuery } from "kysely";

/** A write statement built with Kysely, as the writer runs it. */
export interface WriteQuery<O> {
  compile(): CompiledQuery<O>;
  execute(): Promise<O[]>;
}

/** Runs one write statement (built with Kysely) and returns its rows, in camelCase. */
export type RunWrite = <O>(query: WriteQuery<O>) => Promise<O[]>;

/**
 * PostgreSQL's transaction-scoped advisory lock on `key` (a constant of our own), for the first
 * statement of a write transaction: transactions that take the same key, on any instance, run
 * one after the other; the lock ends with the transaction.
 */
export function advisoryLock(key: number): Compilable {
  const statement = `select pg_advisory_xact_lock(${Math.trunc(key)})`;
  return { compile: () => CompiledQuery.raw(statement) };
}
