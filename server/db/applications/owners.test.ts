import { describe, expect, it } from "vitest";
import { describeEachBackend, migratedDatabase } from "../../test/backends.ts";
import { pendingApplication } from "../../test/stored.ts";
import { openMigratedDatabase } from "../database.ts";
import { addMember, awayUpdate, findMember } from "../members.ts";
import { planOwners } from "./owners.ts";

describe("the owners' round robin, planned", () => {
  it("deals applications in turn, round and round, and records each member's last turn", () => {
    const plan = planOwners(["a", "b", "c"], 5, 1000);
    expect(plan.owners).toEqual(["a", "b", "c", "a", "b"]);
    // "b" took the last one: next time "c" goes first (smallest lastAssignedAt).
    expect([...plan.turns]).toEqual([
      ["a", 1003],
      ["b", 1004],
      ["c", 1002],
    ]);
  });

  it("leaves applications unassigned when nobody is available", () => {
    expect(planOwners([], 2, 1000)).toEqual({ owners: [null, null], turns: new Map() });
  });
});

describeEachBackend("owners of new applications on $name", (backend) => {
  it("gives each to the member assigned longest ago, skips the away, and remembers the turn", async () => {
    const { database, dataDir } = await migratedDatabase(backend);
    // On SQLite the server stores through its writer thread (sqlite-store.ts): that path too.
    const server =
      backend.name === "sqlite"
        ? await openMigratedDatabase({ dataDir, writerThread: true })
        : database;
    for (const email of ["ana@example.com", "ben@example.com", "cy@example.com"]) {
      await addMember(database, email);
    }
    const idOf = async (email: string) => (await findMember(database, email))?.id;
    const [ana, ben, cy] = await Promise.all(
      ["ana@example.com", "ben@example.com", "cy@example.com"].map(idOf),
    );
    const store = async (count: number, assignOwner = true) => {
      const items = Array.from({ length: count }, () => ({
        ...pendingApplication(),
        assignOwner,
      }));
      await server.storeApplications(items);
      const rows = await database.db
        .selectFrom("submissions")
        .select(["id", "ownerId"])
        .where(
          "id",
          "in",
          items.map((item) => item.row.id),
        )
        .execute();
      const owners = new Map(rows.map((row) => [row.id, row.ownerId]));
      return items.map((item) => owners.get(item.row.id));
    };

    const first = await store(4);
    expect(new Set(first.slice(0, 3))).toEqual(new Set([ana, ben, cy]));
    expect(first[3]).toBe(first[0]); // round and round
    // The next batch starts with whoever's turn is oldest: the second of the first batch.
    expect((await store(1))[0]).toBe(first[1]);

    await database.write(awayUpdate(database, ben ?? "", true));
    const whileAway = await store(6);
    expect(whileAway).not.toContain(ben);
    expect(new Set(whileAway)).toEqual(new Set([ana, cy]));

    // Spam (assignOwner false) takes nobody's turn.
    expect(await store(1, false)).toEqual([null]);

    for (const id of [ana, cy]) await database.write(awayUpdate(database, id ?? "", true));
    expect(await store(2)).toEqual([null, null]); // nobody available: unassigned, still stored

    await database.write(awayUpdate(database, ben ?? "", false));
    expect(await store(1)).toEqual([ben]);
    if (server !== database) await server.close();
  });
});
