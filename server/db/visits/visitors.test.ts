import { describe, expect, it } from "vitest";
import { migratedDatabase, storageBackends } from "../../test/backends.ts";
import { visitorRow } from "../../test/stored.ts";
import type { VisitorsTable } from "../visits-schema.ts";
import { findVisitor, upsertVisitors } from "./visitors.ts";

const today = Math.floor(Date.UTC(2026, 10, 25, 15) / (24 * 3600_000));
const visitor = (n: number, row: Partial<VisitorsTable> = {}) =>
  visitorRow(today, `v${today}-${n}`, row);

for (const backend of storageBackends()) {
  describe.skipIf(backend.skip)(`a day's visitors (${backend.name})`, () => {
    it("keeps a visitor's furthest question by the form's order, across writes and a new field", async () => {
      const { database } = await migratedDatabase(backend);
      const question = async (n: number) =>
        (await findVisitor(database, today, `v${today}-${n}`))?.question;
      // The form as it was: a, c. A field "b" is then inserted between them (a deploy).
      await database.write(upsertVisitors(database, [visitor(1, { question: "c" })], ["a", "c"]));
      await database.write(
        upsertVisitors(database, [visitor(1, { question: "b" })], ["a", "b", "c"]),
      );
      expect(await question(1)).toBe("c");
      await database.write(
        upsertVisitors(database, [visitor(1, { question: "" })], ["a", "b", "c"]),
      );
      expect(await question(1)).toBe("c");
      // A key no longer on the form counts as none: anything asked now goes further.
      await database.write(
        upsertVisitors(database, [visitor(2, { question: "gone" })], ["a", "b"]),
      );
      await database.write(upsertVisitors(database, [visitor(2, { question: "a" })], ["a", "b"]));
      expect(await question(2)).toBe("a");
      await database.write(upsertVisitors(database, [visitor(2, { question: "b" })], ["a", "b"]));
      expect(await question(2)).toBe("b");
    });
  });
}
