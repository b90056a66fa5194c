import { expect, it } from "vitest";
import { createGroupCommitter } from "../intake/group-commit.ts";
import { describeEachBackend, migratedDatabase } from "../test/backends.ts";
import { pendingApplication } from "../test/stored.ts";
import { type PendingApplication, storeApplications } from "./applications/store.ts";
import { errorSummary, isRowDataError } from "./errors.ts";

/** `overrides` may break the row's types on purpose: the database must refuse it. */
const pending = (overrides: Record<string, unknown> = {}): PendingApplication =>
  pendingApplication({
    row: overrides as Partial<PendingApplication["row"]>,
    deliveries: ["team_notification"],
  });

describeEachBackend("a row the database refuses ($name)", (backend) => {
  it("fails alone: the rest of its group commit is stored", async () => {
    const { database } = await migratedDatabase(backend);
    const committer = createGroupCommitter(
      (items: PendingApplication[]) => storeApplications(database.db, items),
      { isItemError: isRowDataError },
    );
    // NOT NULL on both; PostgreSQL also refuses a NUL character in text.
    const bad = [
      pending({ name: null }),
      ...(backend.name === "postgres" ? [pending({ goals: "a\u0000b" })] : []),
    ];
    const good = Array.from({ length: 8 }, () => pending());
    const outcomes = await Promise.allSettled(
      [...good.slice(0, 4), ...bad, ...good.slice(4)].map((item) => committer.submit(item)),
    );
    const rejected = outcomes.filter((outcome) => outcome.status === "rejected");
    expect(rejected).toHaveLength(bad.length);
    for (const outcome of rejected) expect(isRowDataError(outcome.reason)).toBe(true);
    const stored = await database.db.selectFrom("submissions").select("id").execute();
    expect(stored.map((row) => row.id).sort()).toEqual(good.map((item) => item.row.id).sort());
  });
});

it("does not take an unreachable database for a row's fault", async () => {
  const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), {
    code: "ECONNREFUSED",
  });
  expect(isRowDataError(refused)).toBe(false);
  expect(isRowDataError({ code: "08006" })).toBe(false); // connection failure
  expect(isRowDataError({ code: "SQLITE_BUSY" })).toBe(false);
  expect(isRowDataError(new Error("no code"))).toBe(false);
  expect(isRowDataError({ code: "23505" })).toBe(true);
  expect(isRowDataError({ code: "SQLITE_CONSTRAINT_NOTNULL" })).toBe(true);
});

it("blanks out email addresses in what it keeps of an error", () => {
  const refusal = Object.assign(
    new Error(
      "Can't send mail - all recipients were rejected: 550 <maya.lopez+x@example.co.uk>: no such user",
    ),
    { code: "EENVELOPE" },
  );
  expect(errorSummary(refusal)).toEqual({
    name: "Error",
    code: "EENVELOPE",
    message: "Can't send mail - all recipients were rejected: 550 <[email]>: no such user",
  });
});
