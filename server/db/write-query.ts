import type { CompiledQuery } from "kysely";

/** A write statement built with Kysely, as the writer runs it. */
export interface WriteQuery<O> {
  compile(): CompiledQuery<O>;
  execute(): Promise<O[]>;
}

/** Runs one write statement (built with Kysely) and returns its rows, in camelCase. */
export type RunWrite = <O>(query: WriteQuery<O>) => Promise<O[]>;
