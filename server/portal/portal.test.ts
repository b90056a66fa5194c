import type { SendMailOptions } from "nodemailer";
import pino from "pino";
import { expect, it, onTestFinished } from "vitest";
import { loadConfig } from "../config.ts";
import { eraseApplicant } from "../db/applications/erase.ts";
import { findApplication } from "../db/applications/reads.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { hashPortalToken, portalLinkLifetimeMs } from "../mail/portal-links.ts";
import { describeEachBackend, migratedDatabase, type StorageBackend } from "../test/backends.ts";
import { storedApplication } from "../test/portal.ts";
import { portalSessionMs } from "./access.ts";
import { sessionCookieName } from "./cookie.ts";
import { startPortal } from "./start-portal.ts";
import { weekMs } from "./week.ts";

/** Wednesday 25 November 2026, noon UTC; its week starts Monday the 23rd. */
const wednesday = Date.UTC(2026, 10, 25, 12);
const monday = Date.UTC(2026, 10, 23);

async function setUp(backend: StorageBackend, env: Record<string, string> = {}) {
  const { database, dataDir } = await migratedDatabase(backend);
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_SITE_URL: "http://localhost:3000",
    LOG_LEVEL: "silent",
    ...env,
  });
  const sent: SendMailOptions[] = [];
  const mailer = { send: async (message: SendMailOptions) => void sent.push(message), close() {} };
  const clock = { now: wednesday };
  const nudges = { count: 0 };
  const portal = startPortal({
    config,
    logger: pino({ level: "silent" }),
    database,
    mailer,
    inviteKind: "portal_invite",
    nudgeWorker: () => {
      nudges.count += 1;
    },
    now: () => clock.now,
  });
  onTestFinished(() => portal.stop());
  /** Signs `email` in through an emailed link: the session's Cookie header. */
  const signIn = async (email: string) => {
    const request = new Request("http://localhost:3000/portal/sign-in", { method: "POST" });
    const port = portal.portFor(request);
    expect(await port.requestLink(email, "203.0.113.9")).toEqual({ ok: true });
    const token = await linkTokenTo(email);
    const used = await port.useLink(token);
    if (!used.ok) throw new Error(`link refused: ${used.state}`);
    return used.cookie.split(";")[0] as string;
  };
  /** The token of the newest link emailed to `email` (waits for the job after the answer). */
  const linkTokenTo = async (email: string) => {
    for (let i = 0; i < 200; i += 1) {
      const mail = sent.findLast((one) => one.to === email);
      const token = mail && String(mail.text).match(/token=([A-Za-z0-9_-]+)/)?.[1];
      if (token) {
        sent.splice(sent.indexOf(mail), 1);
        return token;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no link to ${email}`);
  };
  /** What the guard finds for a Cookie header. */
  const personOf = async (cookie: string) => {
    const headers = new Headers({ cookie });
    const request = new Request("http://localhost:3000/portal", { headers });
    let found: unknown;
    await portal.guard(
      {
        req: {
          path: "/portal",
          method: "GET",
          raw: request,
          header: () => undefined,
          url: request.url,
        },
        res: new Response(),
        env: {},
        text: () => new Response(),
        body: () => new Response(),
        redirect: () => new Response(null, { status: 302 }),
      } as never,
      async () => {
        found = portal.portFor(request).person;
      },
    );
    return found as { personId: string; clientId: string; email: string } | undefined;
  };
  return { database, config, portal, sent, clock, nudges, signIn, linkTokenTo, personOf };
}

async function deliveriesOf(database: DatabaseHandle, applicationId: string) {
  return (await findApplication(database, applicationId))?.deliveries ?? [];
}

describeEachBackend("the client portal on $name", (backend) => {
  it("invites an Onboarded application once: the client on its plan, its applicant, one invite delivery", async () => {
    const { database, portal, nudges } = await setUp(backend);
    const id = await storedApplication(database, {
      email: "Ada@Example.com",
      name: "Ada Lovelace",
      plan: "Influencer",
    });
    const first = await portal.clients.invite(id);
    expect(first).toMatchObject({ ok: true, email: "ada@example.com", already: false });
    const again = await portal.clients.invite(id.toUpperCase());
    expect(again).toEqual({ ...first, already: true });
    const invites = (await deliveriesOf(database, id)).filter((d) => d.kind === "portal_invite");
    expect(invites).toHaveLength(1);
    expect(invites[0]?.status).toBe("pending");
    expect(nudges.count).toBe(1);
    if (!first.ok) throw new Error("not invited");
    const page = await portal.clients.client(first.clientId);
    expect(page?.client).toEqual({
      id: first.clientId,
      name: "Ada Lovelace",
      plan: "Influencer",
      videosPerWeek: 5,
    });
    expect(page?.people.map((p) => p.email)).toEqual(["ada@example.com"]);
    expect(page?.applicationId).toBe(id);
  });

  it("refuses to invite an application not Onboarded, an unknown one, or an address another client has", async () => {
    const { database, portal } = await setUp(backend);
    const contacted = await storedApplication(database, { status: "contacted" });
    expect(await portal.clients.invite(contacted)).toEqual({ ok: false, error: "not_onboarded" });
    expect(await portal.clients.invite("not-a-uuid")).toEqual({ ok: false, error: "not_found" });
    expect(await portal.clients.invite("00000000-0000-4000-8000-000000000000")).toEqual({
      ok: false,
      error: "not_found",
    });
    const first = await storedApplication(database, { email: "same@example.com" });
    const second = await storedApplication(database, { email: "SAME@example.com" });
    expect((await portal.clients.invite(first)).ok).toBe(true);
    expect(await portal.clients.invite(second)).toEqual({
      ok: false,
      error: "address_taken",
      email: "same@example.com",
    });
    expect(await database.db.selectFrom("clients").select("id").execute()).toHaveLength(1);
    expect(await deliveriesOf(database, contacted)).toEqual([]);
  });

  it("signs a person in by an emailed link, once; only the tokens' hashes are stored", async () => {
    const { database, config, portal, linkTokenTo, personOf } = await setUp(backend);
    const invited = await portal.clients.invite(
      await storedApplication(database, { email: "ada@example.com" }),
    );
    if (!invited.ok) throw new Error("no invite");
    const port = portal.portFor(new Request("http://localhost:3000/portal/sign-in/link"));
    await port.requestLink("Ada@Example.com", "203.0.113.9");
    const token = await linkTokenTo("ada@example.com");
    expect(await port.linkState(token)).toEqual({ state: "valid", email: "ada@example.com" });
    const used = await port.useLink(token);
    if (!used.ok) throw new Error("link refused");
    expect(used.cookie).toMatch(
      new RegExp(
        `^${sessionCookieName(config)}=[A-Za-z0-9_-]{43}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${portalSessionMs / 1000}$`,
      ),
    );
    expect(await port.useLink(token)).toEqual({ ok: false, state: "used" });
    expect(await port.linkState(token)).toEqual({ state: "used" });
    const cookie = used.cookie.split(";")[0] as string;
    expect(await personOf(cookie)).toMatchObject({
      clientId: invited.clientId,
      email: "ada@example.com",
    });
    const tokens = await database.db.selectFrom("clientSignInTokens").select("tokenHash").execute();
    const sessions = await database.db.selectFrom("clientSessions").select("tokenHash").execute();
    expect(tokens.map((row) => row.tokenHash)).toEqual([hashPortalToken(token)]);
    expect(sessions.map((row) => row.tokenHash)).toEqual([
      hashPortalToken(cookie.split("=")[1] as string),
    ]);
    // Signed out: the session is gone from the database, not only from the browser.
    const signOut = portal.portFor(
      new Request("http://localhost:3000/portal/sign-out", { headers: { cookie } }),
    );
    expect(await signOut.signOut()).toContain("Max-Age=0");
    expect(await personOf(cookie)).toBeUndefined();
  });

  it("lets a link expire after 15 minutes, and a session after 7 days", async () => {
    const { database, portal, clock, signIn, linkTokenTo, personOf } = await setUp(backend);
    const id = await storedApplication(database, { email: "ada@example.com" });
    await portal.clients.invite(id);
    const port = portal.portFor(new Request("http://localhost:3000/portal/sign-in"));
    await port.requestLink("ada@example.com", "203.0.113.9");
    const token = await linkTokenTo("ada@example.com");
    clock.now += portalLinkLifetimeMs.signIn;
    expect(await port.linkState(token)).toEqual({ state: "expired" });
    expect(await port.useLink(token)).toEqual({ ok: false, state: "expired" });
    const cookie = await signIn("ada@example.com");
    expect(await personOf(cookie)).toBeDefined();
    clock.now += portalSessionMs - 1;
    expect(await personOf(cookie)).toBeDefined();
    clock.now += 1;
    expect(await personOf(cookie)).toBeUndefined();
  });

  it("emails no link to an address that is no client's, with the same answer", async () => {
    const { portal, sent } = await setUp(backend);
    const request = new Request("http://localhost:3000/portal/sign-in", { method: "POST" });
    expect(await portal.portFor(request).requestLink("nobody@example.com", "203.0.113.9")).toEqual({
      ok: true,
    });
    await portal.stop(); // the job after the answer has run
    expect(sent).toEqual([]);
  });

  it("counts links asked for per address and per IP: the one over the limit is refused and sends nothing", async () => {
    const { database, portal, sent } = await setUp(backend, {
      PORTAL_LINK_LIMIT_PER_ADDRESS: "2",
      PORTAL_LINK_LIMIT_PER_IP: "3",
    });
    await portal.clients.invite(await storedApplication(database, { email: "ada@example.com" }));
    const port = portal.portFor(new Request("http://localhost:3000/portal/sign-in"));
    expect(await port.requestLink("ada@example.com", "203.0.113.1")).toEqual({ ok: true });
    expect(await port.requestLink("ADA@example.com", "203.0.113.2")).toEqual({ ok: true });
    const byAddress = await port.requestLink("ada@example.com", "203.0.113.3");
    expect(byAddress).toMatchObject({ ok: false });
    expect(await port.requestLink("x@example.com", "198.51.100.7")).toEqual({ ok: true });
    expect(await port.requestLink("y@example.com", "198.51.100.7")).toEqual({ ok: true });
    expect(await port.requestLink("z@example.com", "198.51.100.7")).toEqual({ ok: true });
    expect(await port.requestLink("w@example.com", "198.51.100.7")).toMatchObject({ ok: false });
    await portal.stop();
    expect(sent.filter((mail) => mail.to === "ada@example.com")).toHaveLength(2);
  });

  it("emails an added person their invite, ends a removed person's sessions at once, keeps the last person", async () => {
    const { database, portal, signIn, personOf, linkTokenTo, clock } = await setUp(backend);
    const invited = await portal.clients.invite(
      await storedApplication(database, { email: "ada@example.com" }),
    );
    if (!invited.ok) throw new Error("no invite");
    expect(await portal.clients.addPerson(invited.clientId, " Bob@Example.com ")).toEqual({
      ok: true,
      email: "bob@example.com",
    });
    expect(await portal.clients.addPerson(invited.clientId, "bob@example.com")).toEqual({
      ok: false,
      error: "address_taken",
      email: "bob@example.com",
    });
    expect(await portal.clients.addPerson(invited.clientId, "not an address")).toMatchObject({
      ok: false,
      error: "invalid_email",
    });
    // Bob is emailed an invite of his own (48 hours), which signs him in.
    const invite = await linkTokenTo("bob@example.com");
    const invitePort = portal.portFor(new Request("http://localhost:3000/portal/sign-in/link"));
    expect(await invitePort.linkState(invite)).toEqual({
      state: "valid",
      email: "bob@example.com",
    });
    clock.now += portalLinkLifetimeMs.signIn;
    expect(await invitePort.linkState(invite)).toMatchObject({ state: "valid" });
    clock.now += portalLinkLifetimeMs.invite - portalLinkLifetimeMs.signIn;
    expect(await invitePort.linkState(invite)).toEqual({ state: "expired" });
    const bob = await signIn("bob@example.com");
    const bobAgain = await signIn("bob@example.com");
    expect(await personOf(bob)).toMatchObject({ email: "bob@example.com" });
    const people = (await portal.clients.client(invited.clientId))?.people ?? [];
    const bobId = people.find((p) => p.email === "bob@example.com")?.id ?? "";
    // Another client's id with Bob's: nothing happens.
    const other = await portal.clients.invite(
      await storedApplication(database, { email: "cy@example.com" }),
    );
    if (!other.ok) throw new Error("no invite");
    expect(await portal.clients.removePerson(other.clientId, bobId)).toEqual({
      ok: false,
      error: "not_found",
    });
    expect(await personOf(bob)).toBeDefined();
    expect(await portal.clients.removePerson(invited.clientId, bobId)).toEqual({
      ok: true,
      email: "bob@example.com",
    });
    expect(await personOf(bob)).toBeUndefined();
    expect(await personOf(bobAgain)).toBeUndefined();
    const adaId = (await portal.clients.client(invited.clientId))?.people[0]?.id ?? "";
    expect(await portal.clients.removePerson(invited.clientId, adaId)).toEqual({
      ok: false,
      error: "last_person",
    });
  });

  it("takes a plan's videos this week, and a request beyond them starts next week", async () => {
    const { database, portal, signIn, personOf, clock } = await setUp(backend);
    const invited = await portal.clients.invite(
      await storedApplication(database, { email: "ada@example.com", plan: "Creator" }),
    );
    if (!invited.ok) throw new Error("no invite");
    const cookie = await signIn("ada@example.com");
    const person = await personOf(cookie);
    const asPerson = await bound(portal, cookie);
    const form = (title: string) =>
      new URLSearchParams({
        title,
        brief: "A thirty-second hook about spring recipes",
        platform: "TikTok",
        wishedDate: "2026-12-01",
      });
    const weeks: number[] = [];
    for (const title of ["One", "Two", "Three", "Four"]) {
      const made = await asPerson.createRequest(form(title));
      if (!made.ok) throw new Error(JSON.stringify(made.fieldErrors));
      weeks.push(made.request.startsWeek);
      clock.now += 1000;
    }
    expect(weeks).toEqual([monday, monday, monday, monday + weekMs]);
    const space = await asPerson.space();
    expect(space?.requestsThisWeek).toBe(3);
    expect(space?.client.videosPerWeek).toBe(3);
    expect(space?.requests.map((r) => r.title)).toEqual(["Four", "Three", "Two", "One"]);
    expect(
      (await portal.clients.list()).map((row) => [
        row.name,
        row.requestsThisWeek,
        row.videosPerWeek,
      ]),
    ).toEqual([[expect.any(String), 3, 3]]);
    // Next week, the fourth is this week's first.
    clock.now += weekMs;
    expect((await asPerson.space())?.requestsThisWeek).toBe(1);
    expect(person?.clientId).toBe(invited.clientId);
  });

  it("the storage's erase of an invited application keeps the client, without its application (the erase service refuses before it: decision 0088)", async () => {
    const { database, portal } = await setUp(backend);
    const id = await storedApplication(database, { email: "ada@example.com" });
    const invited = await portal.clients.invite(id);
    if (!invited.ok) throw new Error("no invite");
    const erased = await eraseApplicant(database, "ada@example.com", "0".repeat(64));
    expect(erased.applications).toBe(1);
    expect(await findApplication(database, id)).toBeUndefined();
    const page = await portal.clients.client(invited.clientId);
    expect(page?.applicationId).toBeNull();
    expect(page?.people.map((person) => person.email)).toEqual(["ada@example.com"]);
  });

  it("refuses a bad request with a message per field, storing nothing", async () => {
    const { database, portal, signIn } = await setUp(backend);
    await portal.clients.invite(await storedApplication(database, { email: "ada@example.com" }));
    const asPerson = await bound(portal, await signIn("ada@example.com"));
    const made = await asPerson.createRequest(
      new URLSearchParams({
        title: " ",
        brief: "short",
        platform: "MySpace",
        wishedDate: "2026-02-30",
      }),
    );
    expect(made).toEqual({
      ok: false,
      fieldErrors: {
        title: "Please give the request a title (up to 120 characters)",
        brief: "Please describe what you want (10 to 5,000 characters)",
        platform: "Please choose a platform",
        wishedDate: "Please choose a date from today on",
      },
    });
    const past = await asPerson.createRequest(
      new URLSearchParams({
        title: "Past",
        brief: "A long enough brief",
        platform: "TikTok",
        wishedDate: "2026-11-01",
      }),
    );
    expect(past.ok).toBe(false);
    expect(await database.db.selectFrom("clientRequests").select("id").execute()).toEqual([]);
  });
});

/** The port of a request whose guard found the person of `cookie`. */
async function bound(portal: ReturnType<typeof startPortal>, cookie: string) {
  const request = new Request("http://localhost:3000/portal", {
    method: "POST",
    headers: { cookie, origin: "http://localhost:3000" },
  });
  const context = {
    req: {
      path: "/portal",
      method: "POST",
      raw: request,
      url: request.url,
      header: (name: string) => request.headers.get(name) ?? undefined,
    },
    res: new Response(),
    env: {},
    text: () => new Response(null, { status: 403 }),
    body: () => new Response(),
    redirect: () => new Response(null, { status: 303 }),
  };
  let port: ReturnType<typeof portal.portFor> | undefined;
  await portal.guard(context as never, async () => {
    port = portal.portFor(request);
  });
  if (!port?.person) throw new Error("not signed in");
  return port;
}
