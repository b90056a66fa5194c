import { sql } from "kysely";
import { expect, it } from "vitest";
import { describeEachBackend, migratedDatabase } from "../../test/backends.ts";
import { pendingApplication } from "../../test/stored.ts";
import { migrateToLatest } from "../migrations/index.ts";
import { firstResponseStatements } from "./promise.ts";
import { storeApplications } from "./store.ts";

describeEachBackend("the promise's first response on $name", (backend) => {
  it("is recorded once, and moves New to Contacted when asked", async () => {
    const { database } = await migratedDatabase(backend);
    const stored = pendingApplication();
    await storeApplications(database.db, [stored]);
    const id = stored.row.id;
    const read = () =>
      database.db
        .selectFrom("submissions")
        .select(["status", "firstResponseAt"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
    await database.writeTransaction(
      firstResponseStatements(database.db, id, 1_000, { fromNewToContacted: true }),
    );
    expect(await read()).toEqual({ status: "contacted", firstResponseAt: 1_000 });
    // A later answer is not the first: the time stays.
    await database.writeTransaction(firstResponseStatements(database.db, id, 2_000));
    expect(await read()).toEqual({ status: "contacted", firstResponseAt: 1_000 });
  });

  it("gives older applications a due time and, from the audit log, their first response", async () => {
    const { database } = await migratedDatabase(backend);
    const [answered, waiting] = [pendingApplication(), pendingApplication()];
    await storeApplications(database.db, [answered, waiting]);
    // As they were before 0007: no due time, no first response; one answered by a status.
    await database.db
      .updateTable("submissions")
      .set({ status: "onboarded" })
      .where("id", "=", answered.row.id)
      .execute();
    await database.db
      .insertInto("teamAuditLog")
      .values([
        {
          id: "a1",
          submissionId: answered.row.id,
          memberEmail: "m@x.example",
          action: "note",
          detail: "",
          createdAt: 5,
        },
        {
          id: "a2",
          submissionId: answered.row.id,
          memberEmail: "m@x.example",
          action: "status",
          detail: "contacted",
          createdAt: 7,
        },
        {
          id: "a3",
          submissionId: answered.row.id,
          memberEmail: "m@x.example",
          action: "status",
          detail: "onboarded",
          createdAt: 9,
        },
      ])
      .execute();
    // Back to before 0007 (the indexes on its columns, 0011's, 0012's, 0020's, 0021's and 0026's now,
    // and 0021's kept counts, go first).
    const postgres = database.dialect === "postgres";
    for (const operation of ["insert", "delete", "update"]) {
      const name = `waiting_counts_${operation}`;
      if (postgres) {
        await sql`drop trigger ${sql.ref(name)} on submissions`.execute(database.db);
        await sql`drop function ${sql.ref(name)}`.execute(database.db);
      } else {
        await sql`drop trigger ${sql.ref(name)}`.execute(database.db);
      }
    }
    await sql`drop table waiting_counts`.execute(database.db);
    for (const index of [
      "submissions_new_reply",
      "submissions_insights",
      "submissions_waiting",
      ...(postgres
        ? ["new", "contacted", "onboarded", "declined"].map(
            (status) => `submissions_waiting_${status}`,
          )
        : ["submissions_waiting_status"]),
      "submissions_waiting_owner",
      "submissions_owner",
      "submissions_response",
      "submissions_waiting_new_reply",
      ...(postgres ? ["submissions_replied", "submissions_replied_owner"] : []),
    ]) {
      await sql`drop index ${sql.ref(index)}`.execute(database.db);
    }
    await sql`drop table team_member_availability`.execute(database.db);
    for (const column of ["owner_id", "due_at", "first_response_at"]) {
      await sql`alter table submissions drop column ${sql.ref(column)}`.execute(database.db);
    }
    await sql`delete from kysely_migration where name in ('0007_response_promise', '0008_unanswered_by_status_and_owner', '0011_waiting_by_due_and_id', '0021_waiting_counts', '0026_waiting_indexes')`.execute(
      database.db,
    );
    await migrateToLatest(database.db.withoutPlugins(), database.dialect);
    const rows = await database.db
      .selectFrom("submissions")
      .select(["id", "createdAt", "dueAt", "firstResponseAt"])
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    const day = 24 * 60 * 60 * 1000;
    expect(byId.get(answered.row.id)).toMatchObject({ firstResponseAt: 7 });
    expect(byId.get(waiting.row.id)).toMatchObject({ firstResponseAt: null });
    for (const row of rows) expect(Number(row.dueAt)).toBe(Number(row.createdAt) + day);
  });
});
