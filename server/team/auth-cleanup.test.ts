import { expect, it } from "vitest";
import { purgeExpiredAuthRows } from "../db/members.ts";
import { describeEachBackend } from "../test/backends.ts";
import { teamFixtureWithMember } from "../test/team.ts";

describeEachBackend("expired sign-in rows on $name", (backend) => {
  it("are deleted: challenges and links never used, ended sessions; the rest stays", async () => {
    const { fixture, member } = await teamFixtureWithMember(backend, "maya@reelsmith.example");
    const { db, dialect } = fixture.database;
    // Ten minutes from now: the rows that end before then are expired by that time (and the
    // purge the team's side ran as it started, a moment ago, left them alone).
    const now = Date.now() + 10 * 60_000;
    const at = (offsetMs: number) => {
      const date = new Date(now + offsetMs);
      return dialect === "postgres" ? date : date.toISOString();
    };
    const stamp = { createdAt: at(-3_600_000), updatedAt: at(-3_600_000) };
    await db
      .insertInto("teamVerifications")
      .values([
        { id: "old", identifier: "a", value: "{}", expiresAt: at(-5 * 60_000), ...stamp },
        { id: "live", identifier: "b", value: "{}", expiresAt: at(60_000), ...stamp },
      ])
      .execute();
    await db
      .insertInto("teamSessions")
      .values([
        { id: "ended", token: "t1", userId: member.id, expiresAt: at(-5 * 60_000), ...stamp },
        { id: "open", token: "t2", userId: member.id, expiresAt: at(60_000), ...stamp },
      ] as never)
      .execute();

    expect(await purgeExpiredAuthRows(fixture.database, now)).toBe(2);
    const ids = async (table: "teamVerifications" | "teamSessions") =>
      (await db.selectFrom(table).select("id").execute()).map((row) => row.id).sort();
    expect(await ids("teamVerifications")).toEqual(["live"]);
    expect(await ids("teamSessions")).toEqual(["open"]);
    expect(await purgeExpiredAuthRows(fixture.database, now)).toBe(0);
  });
});
