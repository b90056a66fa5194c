import { expect, it } from "vitest";
import { storeApplications } from "../db/applications/store.ts";
import { describeEachBackend } from "../test/backends.ts";
import { pendingApplication } from "../test/stored.ts";
import { teamFixtureWithMember } from "../test/team.ts";

// The application pages take an id by the one UUID rule (app/shared/intake-rules.ts), as the
// CLI does: any letter case, read as the lower-case id the intake stored.
describeEachBackend("an application's id on $name", (backend) => {
  it("in capitals is the same application, and so are its actions", async () => {
    const { fixture, member } = await teamFixtureWithMember(backend, "maya@example.com");
    const stored = pendingApplication();
    await storeApplications(fixture.database.db, [stored]);
    const port = fixture.port;
    const shouted = stored.row.id.toUpperCase();
    expect((await port.application(shouted))?.id).toBe(stored.row.id);
    expect(await port.act(member, shouted, { type: "note", body: "Called" })).toMatchObject({
      ok: true,
    });
    const view = await port.application(stored.row.id);
    expect(view?.notes.map((note) => note.body)).toEqual(["Called"]);
    expect(view?.audit.map((line) => line.action)).toEqual(["note"]);
    expect(await port.application(`${stored.row.id}x`)).toBeUndefined();
  });
});
