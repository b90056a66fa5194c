import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { type ClientListPort, clientListPort } from "#app/shared/client-list-port.ts";
import { clientPagePort } from "#app/shared/client-page-port.ts";
import { inboxPort } from "#app/shared/inbox-port.ts";
import { describeEachBackend } from "../test/backends.ts";
import { cookieHeader, teamFixtureWithMember } from "../test/team.ts";
import { pagePorts } from "./page-ports.ts";

describe("the team pages' ports (decision 0086)", () => {
  it("answers each page's port by its key, none for a key nobody provided, and refuses two for one page", () => {
    const ports = pagePorts<{ member?: string }>().provide(clientListPort, ({ member }) =>
      member ? { list: async () => [] } : undefined,
    );
    expect(ports.of({ member: "maya" })(clientListPort)).toBeDefined();
    expect(ports.of({})(clientListPort)).toBeUndefined();
    expect(ports.of({ member: "maya" })(clientPagePort)).toBeUndefined();
    expect(() => ports.provide(clientListPort, () => undefined)).toThrow(
      "two ports for the team page clients",
    );
  });
});

describeEachBackend("a team page of another feature (the portal's clients) on $name", (backend) => {
  it("reaches its port only for a request whose member the guard found, and only its own", async () => {
    const { fixture } = await teamFixtureWithMember(backend, "maya@example.com");
    const { team } = fixture;
    const list: ClientListPort = { list: async () => [] };
    team.provideForMembers(clientListPort, list);
    // What a route of the request gets: the member, and this page's port (or none).
    const app = new Hono();
    app.use("/team/*", team.guard);
    app.get("/team/clients", (c) => {
      const side = team.portFor(c.req.raw);
      return c.json({
        member: side.member?.email ?? null,
        clients: side.port(clientListPort) === list,
        clientPage: side.port(clientPagePort) !== undefined,
        inbox: side.port(inboxPort) !== undefined,
      });
    });
    await fixture.port.requestLink("maya@example.com", "203.0.113.5");
    const used = await fixture.port.useLink((await fixture.firstSignInEmail()).token);
    if (!used.ok) throw new Error("not signed in");
    const signedIn = await app.request("http://localhost:3000/team/clients", {
      headers: { cookie: cookieHeader(used.cookies) },
    });
    expect(await signedIn.json()).toEqual({
      member: "maya@example.com",
      clients: true,
      clientPage: false,
      inbox: true,
    });
    // Without a session the guard answers first; a request it never saw has no member, no port.
    expect((await app.request("http://localhost:3000/team/clients")).status).toBe(302);
    expect(
      team.portFor(new Request("http://localhost:3000/team/clients")).port(clientListPort),
    ).toBeUndefined();
  });
});
