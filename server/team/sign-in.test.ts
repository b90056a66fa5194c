import { type KyselyPlugin, sql } from "kysely";
import { expect, it } from "vitest";
import { addMember, removeMember } from "../db/members.ts";
import { createLogger } from "../logger.ts";
import { describeEachBackend, migratedDatabase } from "../test/backends.ts";
import { cookieHeader, teamFixture, teamFixtureWithMember } from "../test/team.ts";
import { sleep, waitFor } from "../test/wait.ts";
import { createTeamAuth } from "./auth.ts";
import { authKysely } from "./auth-database.ts";
import { createLinkLimits } from "./link-limits.ts";
import { hashToken } from "./link-token.ts";
import { createSignIn } from "./sign-in.ts";

// Sign-in by emailed link, against a real database (SQLite through the writer thread, and
// PostgreSQL), with the emails written as .eml files as the server does by default.
describeEachBackend("sign-in on $name", (backend) => {
  it("emails a member a one-time link whose page uses nothing; its POST signs in once", async () => {
    const { fixture } = await teamFixtureWithMember(backend, "Maya@Example.com");
    const port = fixture.port;
    expect(await port.requestLink("maya@example.COM", "203.0.113.1")).toEqual({ ok: true });
    const email = await fixture.firstSignInEmail();
    expect(email?.to).toBe("maya@example.com");
    expect(email?.subject).toBe("Sign in to Reelsmith");
    const token = email?.token ?? "";
    expect(token).toMatch(/^\w{32}$/);
    // Stored hashed: the database never holds a token that works.
    const stored = await fixture.database.db
      .selectFrom("teamVerifications")
      .select("identifier")
      .execute();
    expect(stored.map((row) => row.identifier)).toEqual([hashToken(token)]);

    // Opening the link's page (a mail scanner does too) uses nothing.
    expect(await port.linkState(token)).toEqual({ state: "valid", email: "maya@example.com" });
    expect(await port.linkState(token)).toEqual({ state: "valid", email: "maya@example.com" });

    const used = await port.useLink(token);
    if (!used.ok) throw new Error(`link refused: ${used.state}`);
    expect(used.cookies.join("\n")).toMatch(
      /^team\.session_token=.+; Max-Age=604800; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    const session = await fixture.team.session(new Headers({ cookie: cookieHeader(used.cookies) }));
    expect(session?.member.email).toBe("maya@example.com");

    // Once only.
    expect(await port.useLink(token)).toEqual({ ok: false, state: "used" });
    expect(await port.linkState(token)).toEqual({ state: "used" });
  });

  it("answers members and anyone else after the same work: who is a member is looked up once the answer has gone", async () => {
    const { database } = await migratedDatabase(backend);
    await addMember(database, "maya@example.com");
    const sent: string[] = [];
    const logger = createLogger({ LOG_LEVEL: "silent" });
    // Every statement run on the database, read or write, better-auth's included.
    const statements: string[] = [];
    const spied = { ...database, db: database.db.withPlugin(spyOn(statements)) };
    const auth = createTeamAuth({
      config: { PUBLIC_SITE_URL: "http://localhost:3000", https: false },
      logger,
      db: authKysely(spied),
      dialect: database.dialect,
      secret: "s".repeat(32),
      sendLink: async (email) => {
        sent.push(email);
      },
    });
    const signIn = createSignIn({
      auth,
      database: spied,
      limits: createLinkLimits(
        { TEAM_LINK_LIMIT_PER_ADDRESS: 5, TEAM_LINK_LIMIT_PER_IP: 20 },
        database,
      ),
      logger,
    });

    // better-auth's own start (on PostgreSQL it looks at the schema) is over.
    await auth.$context;
    statements.length = 0;
    for (const email of ["maya@example.com", "stranger@example.com"]) {
      const jobs: (() => void)[] = [];
      statements.length = 0;
      const previously = [...sent];
      const answer = await signIn.requestLink(email, "203.0.113.7", (job) => jobs.push(job));
      expect(answer, email).toEqual({ ok: true });
      // Until the answer has gone: one job left for later, nothing read or written, no link.
      expect(jobs, email).toHaveLength(1);
      expect(statements, email).toEqual([]);

      expect(sent, email).toEqual(previously);
      for (const job of jobs) job();
      await signIn.stop();
      expect(statements.length, email).toBeGreaterThan(0);
    }
    expect(sent).toEqual(["maya@example.com"]);
  });

  it("answers anyone else the same and sends them nothing", async () => {
    const fixture = await teamFixture(backend);
    await fixture.member("maya@example.com");
    const port = fixture.port;
    expect(await port.requestLink("stranger@example.com", "203.0.113.2")).toEqual({ ok: true });
    await sleep(300);
    expect(await fixture.signInEmails()).toEqual([]);
    const tokens = await fixture.database.db.selectFrom("teamVerifications").selectAll().execute();
    expect(tokens).toEqual([]);
  });

  it("says a link has expired after 15 minutes, and refuses it", async () => {
    const fixture = await teamFixture(backend);
    await fixture.member("maya@example.com");
    const port = fixture.port;
    await port.requestLink("maya@example.com", "203.0.113.3");
    const email = await fixture.firstSignInEmail();
    const token = email?.token ?? "";
    const row = await fixture.database.db
      .selectFrom("teamVerifications")
      .select(["expiresAt", "createdAt"])
      .executeTakeFirstOrThrow();
    const lifetime = new Date(row.expiresAt).getTime() - new Date(row.createdAt).getTime();
    expect(Math.round(lifetime / 1000)).toBe(15 * 60);
    // Sixteen minutes later (the row's expiry moved into the past).
    const past = new Date(Date.now() - 60_000);
    await fixture.database.db
      .updateTable("teamVerifications")
      .set({ expiresAt: backend.name === "postgres" ? past : past.toISOString() })
      .execute();
    expect(await port.linkState(token)).toEqual({ state: "expired" });
    expect(await port.useLink(token)).toEqual({ ok: false, state: "expired" });
  });

  it("limits link requests per address and per IP", async () => {
    const fixture = await teamFixture(backend);
    await fixture.member("maya@example.com");
    const port = fixture.port;
    for (let i = 0; i < 5; i++) {
      expect(await port.requestLink("maya@example.com", `198.51.100.${i}`)).toEqual({ ok: true });
    }
    const refused = await port.requestLink("MAYA@example.com", "198.51.100.99");
    expect(refused).toMatchObject({ ok: false });
    // Per IP: many addresses from one client.
    for (let i = 0; i < 20; i++) {
      await port.requestLink(`someone${i}@example.com`, "192.0.2.7");
    }
    expect(await port.requestLink("maya2@example.com", "192.0.2.7")).toMatchObject({ ok: false });
    await waitFor(() => fixture.signInEmails().then((all) => all.length === 5));
  });

  it("sign out and removing a member end their sessions", async () => {
    const fixture = await teamFixture(backend);
    await fixture.member("maya@example.com");
    const port = fixture.port;
    const signInOnce = async () => {
      const before = (await fixture.signInEmails()).length;
      await port.requestLink("maya@example.com", "203.0.113.9");
      const emails = await waitFor(() =>
        fixture.signInEmails().then((all) => all.length > before && all),
      );
      const used = await port.useLink(emails.at(-1)?.token ?? "");
      if (!used.ok) throw new Error("link refused");
      return new Headers({ cookie: cookieHeader(used.cookies) });
    };
    const first = await signInOnce();
    const cleared = await port.signOut(first);
    expect(cleared.join("\n")).toMatch(/team\.session_token=; Max-Age=0/);
    expect(await fixture.team.session(first)).toBeNull();

    const second = await signInOnce();
    const third = await signInOnce();
    expect(await fixture.team.session(second)).not.toBeNull();
    expect(await removeMember(fixture.database, "MAYA@example.com")).toEqual({ sessions: 2 });
    expect(await fixture.team.session(second)).toBeNull();
    expect(await fixture.team.session(third)).toBeNull();
    const left = await sql<{ n: number }>`select count(*) as n from team_sessions`.execute(
      fixture.database.db,
    );
    expect(Number(left.rows[0]?.n)).toBe(0);
  });
});

/** A Kysely plugin that writes down the kind of every statement it sees. */
function spyOn(statements: string[]): KyselyPlugin {
  return {
    transformQuery: (args) => {
      statements.push(args.node.kind);
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
}
