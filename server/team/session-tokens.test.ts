import { createHmac } from "node:crypto";
import { sql } from "kysely";
import { expect, it } from "vitest";
import { addMember, findMember } from "../db/members.ts";
import { sessionTokenHash } from "../db/migrations/0006_hashed_session_tokens.ts";
import { migrateToLatest } from "../db/migrations/index.ts";
import { sharedSecret } from "../db/settings.ts";
import { describeEachBackend, migratedDatabase } from "../test/backends.ts";
import { cookieHeader, teamFixtureWithMember } from "../test/team.ts";
import { hashToken } from "./link-token.ts";

/** A session cookie as better-auth signs it (HMAC-SHA256 of the value with the secret). */
function signedCookie(value: string, secret: string): string {
  const signature = createHmac("sha256", secret).update(value).digest("base64");
  return `team.session_token=${encodeURIComponent(`${value}.${signature}`)}`;
}

/** The token part of a session cookie line. */
const tokenOf = (cookies: string[]) =>
  decodeURIComponent(cookieHeader(cookies).replace(/^team\.session_token=/, "")).replace(
    /\.[^.]*$/,
    "",
  );

// Someone who can read the database (a stolen backup, the sqlite3 shell on a shared machine)
// finds the sessions and the cookie-signing secret there. With the tokens stored as sent, that
// was enough to sign in as any member; stored as hashes, it is not.
describeEachBackend("session tokens on $name", (backend) => {
  it("are stored hashed: a token read from the database signs no one in; the cookie still works", async () => {
    const { fixture } = await teamFixtureWithMember(backend, "maya@example.com");
    const port = fixture.port;
    await port.requestLink("maya@example.com", "203.0.113.5");
    const email = await fixture.firstSignInEmail();
    const used = await port.useLink(email?.token ?? "");
    if (!used.ok) throw new Error("not signed in");
    const secret = await sharedSecret(fixture.database.db, "team_auth_secret");
    const token = tokenOf(used.cookies);
    // The forger's recipe is right: it makes the very cookie better-auth set.
    expect(signedCookie(token, secret)).toBe(cookieHeader(used.cookies));
    const session = (cookie: string) => fixture.team.session(new Headers({ cookie }));
    expect((await session(cookieHeader(used.cookies)))?.member.email).toBe("maya@example.com");

    const rows = await fixture.database.db.selectFrom("teamSessions").select("token").execute();
    expect(rows).toHaveLength(1);
    const stored = rows[0]?.token ?? "";
    expect(stored).not.toBe(token);
    expect(stored).not.toContain(token);
    // The attack: the stored value, signed with the secret from the same database.
    expect(await session(signedCookie(stored, secret))).toBeNull();

    // A day later the session is renewed: the renewed cookie still carries a working token.
    const hour = 60 * 60 * 1000;
    const date = (ms: number) =>
      backend.name === "postgres" ? new Date(ms) : new Date(ms).toISOString();
    await fixture.database.db
      .updateTable("teamSessions")
      .set({ expiresAt: date(Date.now() + 7 * 24 * hour - 25 * hour) })
      .execute();
    const renewed = await session(cookieHeader(used.cookies));
    expect(renewed?.member.email).toBe("maya@example.com");
    expect(renewed?.cookies.join()).toContain("team.session_token=");
    expect((await session(cookieHeader(renewed?.cookies ?? [])))?.member.email).toBe(
      "maya@example.com",
    );
    const after = await fixture.database.db.selectFrom("teamSessions").select("token").execute();
    expect(after.map((row) => row.token)).toEqual([stored]);

    // Signing out ends it.
    await port.signOut(new Headers({ cookie: cookieHeader(used.cookies) }));
    expect(await fixture.database.db.selectFrom("teamSessions").selectAll().execute()).toEqual([]);
    expect(await session(cookieHeader(used.cookies))).toBeNull();
  });
});

describeEachBackend("upgrading on $name", (backend) => {
  it("hashes the sessions open before: nobody is signed out", async () => {
    const { database } = await migratedDatabase(backend);
    await addMember(database, "maya@example.com");
    const member = await findMember(database, "maya@example.com");
    const at = (ms: number) =>
      backend.name === "postgres" ? new Date(ms) : new Date(ms).toISOString();
    await database.db
      .insertInto("teamSessions")
      .values({
        id: "before-upgrade",
        token: "plainTokenAsSentBefore0006",
        userId: member?.id ?? "",
        expiresAt: at(Date.now() + 60_000),
        createdAt: at(Date.now()),
        updatedAt: at(Date.now()),
      } as never)
      .execute();
    // As before the upgrade: 0006 not yet applied.
    await sql`delete from kysely_migration where name = '0006_hashed_session_tokens'`.execute(
      database.db,
    );
    await migrateToLatest(database.db.withoutPlugins(), database.dialect);
    const row = await database.db.selectFrom("teamSessions").select("token").executeTakeFirst();
    expect(row?.token).toBe(hashToken("plainTokenAsSentBefore0006"));
    expect(sessionTokenHash("x")).toBe(hashToken("x"));
  });
});
