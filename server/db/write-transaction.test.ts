import type { Compilable } from "kysely";
import { expect, it } from "vitest";
import { runNamed, type StatementResult } from "./write-transaction.ts";

/** A statement that only says its name (the transaction below answers with it). */
const statement = (name: string) => ({ name }) as unknown as Compilable;

it("runs named statements in order, in one transaction, and names their results the same", async () => {
  const ran: string[][] = [];
  const transaction = async (queries: readonly Compilable[]): Promise<StatementResult[]> => {
    const names = queries.map((query) => (query as unknown as { name: string }).name);
    ran.push(names);
    return names.map((name, index) => ({ rows: [{ name }], affected: index }));
  };
  const results = await runNamed(transaction, {
    status: statement("status"),
    answers: [statement("first"), statement("second")],
    none: [],
    skipped: undefined,
    audit: statement("audit"),
  });
  expect(ran).toEqual([["status", "first", "second", "audit"]]);
  expect(results.status).toEqual({ rows: [{ name: "status" }], affected: 0 });
  expect(results.answers.map((result) => result.rows[0]?.name)).toEqual(["first", "second"]);
  expect(results.none).toEqual([]);
  expect(results.skipped).toBeUndefined();
  expect(results.audit).toEqual({ rows: [{ name: "audit" }], affected: 3 });
});
