import { expect, it } from "vitest";
import { settingsOf } from "../db/member-settings.ts";
import { findMember } from "../db/members.ts";
import { describeEachBackend } from "../test/backends.ts";
import { teamFixture } from "../test/team.ts";
import { createSettings } from "./settings.ts";

describeEachBackend("/team/settings on the server, on $name", (backend) => {
  /** A team of an admin (the first member) and a member. */
  async function setUp() {
    const fixture = await teamFixture(backend);
    const admin = await fixture.member("ana@reelsmith.example");
    const member = await fixture.member("dan@reelsmith.example");
    return {
      fixture,
      admin,
      member,
      asAdmin: createSettings(fixture.database, admin),
      asMember: createSettings(fixture.database, member),
    };
  }

  it("makes the first member an admin, the next ones members", async () => {
    const { fixture, admin, member } = await setUp();
    expect((await settingsOf(fixture.database.db, admin.id)).isAdmin).toBe(true);
    expect((await settingsOf(fixture.database.db, member.id)).isAdmin).toBe(false);
  });

  it("saves a member's own name, signature and time zone; the name is the one every page reads", async () => {
    const { fixture, member, asMember } = await setUp();
    const outcome = await asMember.saveProfile({
      name: "  Dan Okafor ",
      signature: "Cheers,\r\nDan\r\n",
      timeZone: "Europe/Paris",
    });
    expect(outcome).toEqual({ ok: true, done: "profile" });
    expect((await findMember(fixture.database, member.email))?.name).toBe("Dan Okafor");
    expect(await settingsOf(fixture.database.db, member.id)).toEqual({
      signature: "Cheers,\nDan",
      timeZone: "Europe/Paris",
      isAdmin: false,
    });
    // The session's member carries them: the pages and the reply templates read them there.
    const view = await asMember.view();
    expect(view.me).toMatchObject({ name: "Dan Okafor", timeZone: "Europe/Paris" });
    expect(view.timeZones[0]).toBe("UTC");
    expect(view.timeZones).toContain("America/New_York");
  });

  it("refuses a profile it cannot show, changing nothing", async () => {
    const { fixture, member, asMember } = await setUp();
    const refused = async (input: { name?: string; signature?: string; timeZone?: string }) =>
      asMember.saveProfile({ name: "Dan", signature: "", timeZone: "UTC", ...input });
    expect(await refused({ name: "   " })).toEqual({
      ok: false,
      error: "invalid",
      fields: { name: "required", signature: undefined, timeZone: undefined },
    });
    expect((await refused({ name: "x".repeat(81) })).ok).toBe(false);
    expect(await refused({ name: "Maya\u202e <ceo@bank.example>" })).toMatchObject({
      fields: { name: "characters" },
    });
    expect(await refused({ signature: "s".repeat(501) })).toMatchObject({
      fields: { signature: "tooLong" },
    });
    expect(await refused({ timeZone: "Mars/Olympus_Mons" })).toMatchObject({
      fields: { timeZone: "unknownZone" },
    });
    expect((await findMember(fixture.database, member.email))?.name).toBe("dan");
    expect(await settingsOf(fixture.database.db, member.id)).toEqual({
      signature: "",
      timeZone: "UTC",
      isAdmin: false,
    });
  });

  it("refuses a member who is not an admin every change to the team, storing nothing", async () => {
    const { fixture, admin, asMember, member } = await setUp();
    expect(
      await asMember.addMember({ email: "eve@example.net", name: "Eve", admin: true }),
    ).toEqual({ ok: false, error: "forbidden" });
    expect(await findMember(fixture.database, "eve@example.net")).toBeUndefined();
    expect(await asMember.removeMember(admin.id)).toEqual({ ok: false, error: "forbidden" });
    expect(await asMember.setAdmin(member.id, true)).toEqual({ ok: false, error: "forbidden" });
    expect(await findMember(fixture.database, admin.email)).toBeDefined();
    expect((await settingsOf(fixture.database.db, member.id)).isAdmin).toBe(false);
  });

  it("lets an admin add members, choose admins and remove members, signing them out at once", async () => {
    const { fixture, asAdmin, member } = await setUp();
    expect(
      await asAdmin.addMember({ email: " Lee@Studio.Example ", name: "", admin: true }),
    ).toEqual({
      ok: true,
      done: "added",
    });
    const lee = await findMember(fixture.database, "lee@studio.example");
    expect(lee?.name).toBe("lee");
    expect((await settingsOf(fixture.database.db, lee?.id ?? "")).isAdmin).toBe(true);
    expect(
      await asAdmin.addMember({ email: "lee@studio.example", name: "Lee", admin: false }),
    ).toEqual({
      ok: false,
      error: "exists",
    });
    expect(
      await asAdmin.addMember({ email: "not an address", name: "", admin: false }),
    ).toMatchObject({
      ok: false,
      error: "invalid",
      fields: { email: "email" },
    });

    expect(await asAdmin.setAdmin(member.id, true)).toEqual({ ok: true, done: "role" });
    expect((await settingsOf(fixture.database.db, member.id)).isAdmin).toBe(true);

    // Dan has a session; removing him ends it.
    const at = (ms: number) =>
      fixture.database.dialect === "postgres" ? new Date(ms) : new Date(ms).toISOString();
    await fixture.database.db
      .insertInto("teamSessions")
      .values({
        id: "session-of-dan",
        userId: member.id,
        token: "hashed-token-of-dan",
        expiresAt: at(Date.now() + 3600_000),
        createdAt: at(Date.now()),
        updatedAt: at(Date.now()),
        ipAddress: null,
        userAgent: null,
      })
      .execute();
    expect(await asAdmin.removeMember(member.id)).toEqual({ ok: true, done: "removed" });
    expect(await findMember(fixture.database, member.email)).toBeUndefined();
    const sessions = await fixture.database.db
      .selectFrom("teamSessions")
      .select("id")
      .where("userId", "=", member.id)
      .execute();
    expect(sessions).toEqual([]);
    expect(await asAdmin.removeMember(member.id)).toEqual({ ok: false, error: "not_found" });
  });

  it("keeps one admin at least, and nobody removes themselves here", async () => {
    const { admin, asAdmin } = await setUp();
    expect(await asAdmin.setAdmin(admin.id, false)).toEqual({ ok: false, error: "last_admin" });
    expect(await asAdmin.removeMember(admin.id)).toEqual({ ok: false, error: "self" });
  });
});
