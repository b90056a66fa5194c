import { type APIRequestContext, request as playwrightRequest } from "@playwright/test";
import { personByEmail } from "../../server/db/portal/client-people.ts";
import { requestsOf } from "../../server/db/portal/client-requests.ts";
import { hashPortalToken } from "../../server/mail/portal-links.ts";
import { submitApplication, uniqueName } from "./helpers/incoming";
import { expect, test } from "./helpers/page-health";
import { clientOf, portalLink, requestTitlesOf } from "./helpers/portal";
import { withDatabase } from "./helpers/stored";
import { memberAddress, signIn, teamOrigin } from "./helpers/team";

// Who reaches what of the portal, over HTTP against the built server: client A, client B, a
// team member, a person removed from A, someone signed out, and an expired link, over every
// portal page and action and the team's pages about clients. No one reads another's data.
test.skip(({ isMobile }) => isMobile, "HTTP only: once");

const form = { "Content-Type": "application/x-www-form-urlencoded" };

/** A client of its own: an Onboarded application invited through the team's route. */
async function newClient(member: APIRequestContext, request: APIRequestContext, label: string) {
  const name = uniqueName(label);
  const email = `${label.toLowerCase().replace(/\W+/g, "-")}-${Date.now().toString(36)}@example.com`;
  const id = await submitApplication(request, { name, email });
  await withDatabase((database) =>
    database.write(
      database.db.updateTable("submissions").set({ status: "onboarded" }).where("id", "=", id),
    ),
  );
  const invited = await member.post(`/team/applications/${id}/portal-invite`, {
    headers: form,
    data: "",
    maxRedirects: 0,
  });
  expect(invited.status()).toBe(302);
  const client = await clientOf(id);
  return { id, name, email, client };
}

/** A browser-less visitor signed in by the link (its POST), with the session cookie kept. */
async function signedIn(link: string) {
  const context = await playwrightRequest.newContext({
    baseURL: teamOrigin,
    extraHTTPHeaders: { Origin: teamOrigin },
  });
  const token = new URL(link).searchParams.get("token") ?? "";
  const answer = await context.post("/portal/sign-in/link", {
    headers: form,
    data: `token=${encodeURIComponent(token)}`,
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(302);
  return context;
}

/** `who` GETs `path` and is sent to `location` (a 302, not followed): the answer. */
async function expectRedirected(
  who: string,
  context: APIRequestContext,
  path: string,
  location: string,
) {
  const answer = await context.get(path, { maxRedirects: 0 });
  expect(answer.status(), `${who} GET ${path}`).toBe(302);
  expect(answer.headers().location, `${who} GET ${path}`).toBe(location);
  return answer;
}

test("the access matrix: every portal route for A, B, a member, a removed person, signed out, an expired link", async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  // A member, signed in in the browser; their cookies used for HTTP calls.
  await signIn(page, memberAddress(testInfo.title, testInfo.project.name));
  const member = await playwrightRequest.newContext({
    baseURL: teamOrigin,
    extraHTTPHeaders: { Origin: teamOrigin },
    storageState: await page.context().storageState(),
  });

  // Only an Onboarded application is invited; an unknown one is said to be gone. Nothing stored.
  const notYet = await submitApplication(request, { name: uniqueName("Not Yet") });
  const notInvited = await member.post(`/team/applications/${notYet}/portal-invite`, {
    headers: form,
    data: "",
  });
  expect(notInvited.status()).toBe(409);
  expect(await notInvited.text()).toContain("Only an application marked Onboarded can be invited.");
  const unknown = await member.post(
    "/team/applications/00000000-0000-4000-8000-000000000000/portal-invite",
    { headers: form, data: "" },
  );
  expect(unknown.status()).toBe(404);
  expect(await unknown.text()).toContain("This application no longer exists.");
  expect(
    await withDatabase((database) =>
      database.db.selectFrom("clients").select("id").where("applicationId", "=", notYet).execute(),
    ),
  ).toEqual([]);

  const a = await newClient(member, request, "Client Ana");
  const b = await newClient(member, request, "Client Bo");
  const asA = await signedIn(await portalLink(a.email));
  const asB = await signedIn(await portalLink(b.email));
  // A second person of A, signed in, then removed by the team.
  const removedEmail = `removed-${Date.now().toString(36)}@example.com`;
  const added = await member.post(`/team/clients/${a.client.id}`, {
    headers: form,
    data: `intent=add&email=${encodeURIComponent(removedEmail)}`,
  });
  expect(added.status()).toBe(200);
  await asA.post("/portal/sign-in", {
    headers: form,
    data: `email=${encodeURIComponent(removedEmail)}`,
  });
  const asRemoved = await signedIn(await portalLink(removedEmail));
  expect(await (await asRemoved.get("/portal")).text()).toContain(a.name);
  const removedPerson = await withDatabase((database) => personByEmail(database, removedEmail));
  if (!removedPerson) throw new Error(`${removedEmail} is not stored`);
  const removed = await member.post(`/team/clients/${a.client.id}`, {
    headers: form,
    data: `intent=remove&person=${removedPerson.id}`,
  });
  expect(removed.status()).toBe(200);
  const signedOut = await playwrightRequest.newContext({
    baseURL: teamOrigin,
    extraHTTPHeaders: { Origin: teamOrigin },
  });

  // /portal: each client sees their own space and no other's.
  const homeA = await (await asA.get("/portal")).text();
  expect(homeA).toContain(a.name);
  expect(homeA).not.toContain(b.name);
  const homeB = await (await asB.get("/portal")).text();
  expect(homeB).toContain(b.name);
  expect(homeB).not.toContain(a.name);
  const outsiders = [
    ["member", member],
    ["removed", asRemoved],
    ["signed out", signedOut],
  ] as const;
  for (const [who, context] of outsiders) {
    for (const path of ["/portal", "/portal/", "/PORTAL", "/portal/anything"]) {
      const answer = await expectRedirected(who, context, path, "/portal/sign-in");
      expect(answer.headers()["cache-control"]).toBe("no-store");
    }
    const data = await context.get("/portal.data", { maxRedirects: 0 });
    expect(data.status(), `${who} GET /portal.data`).toBe(204);
    expect(data.headers()["x-remix-redirect"]).toBe("/portal/sign-in");
    const posted = await context.post("/portal", {
      headers: form,
      data: "title=Sneaky&brief=Ten+or+more+characters&platform=TikTok&wishedDate=2099-01-01",
      maxRedirects: 0,
    });
    expect(posted.status(), `${who} POST /portal`).toBe(303);
  }

  // A request made by A is A's; B's is B's; no one else's post stored anything.
  const body = (title: string) =>
    `title=${encodeURIComponent(title)}&brief=Ten+or+more+characters&platform=TikTok&wishedDate=${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}`;
  expect(
    (
      await asA.post("/portal", { headers: form, data: body("Ana's video"), maxRedirects: 0 })
    ).status(),
  ).toBe(302);
  expect(
    (
      await asB.post("/portal", { headers: form, data: body("Bo's video"), maxRedirects: 0 })
    ).status(),
  ).toBe(302);
  expect(await requestTitlesOf(a.client.id)).toEqual(["Ana's video"]);
  expect(await requestTitlesOf(b.client.id)).toEqual(["Bo's video"]);
  expect(await (await asB.get("/portal")).text()).not.toContain("Ana's video");

  // A request's page (its footage, adding more): its client's people only. Another client's
  // request is a 404 that says nothing of it; tus refuses footage for it (404, nothing stored).
  const [requestOfA] = await withDatabase((database) => requestsOf(database, a.client.id, 1));
  const requestA = `/portal/requests/${requestOfA?.id}`;
  const pageA = await asA.get(requestA);
  expect(pageA.status(), "A GET A's request").toBe(200);
  expect(await pageA.text()).toContain("Ana&#x27;s video");
  for (const path of [requestA, `${requestA}.data`]) {
    const asOther = await asB.get(path, { maxRedirects: 0 });
    expect(asOther.status(), `B GET ${path}`).toBe(404);
    expect(await asOther.text()).not.toContain("Ana");
  }
  for (const [who, context] of outsiders) {
    await expectRedirected(who, context, requestA, "/portal/sign-in");
  }
  const metadata = `request ${Buffer.from(requestA.split("/").at(-1) ?? "").toString("base64")}`;
  const bForA = await asB.post("/portal/uploads", {
    headers: { "Tus-Resumable": "1.0.0", "Upload-Length": "5", "Upload-Metadata": metadata },
    maxRedirects: 0,
  });
  expect(bForA.status(), "B creates an upload for A's request").toBe(404);
  expect(
    await withDatabase((database) =>
      database.db
        .selectFrom("clientUploads")
        .select("id")
        .where("clientId", "=", b.client.id)
        .execute(),
    ),
  ).toEqual([]);

  // A state change from another site is refused before anything runs, even with A's session.
  const crossSite = await asA.post("/portal", {
    headers: { ...form, Origin: "https://evil.example" },
    data: body("Forged"),
    maxRedirects: 0,
  });
  expect(crossSite.status()).toBe(403);
  expect(await requestTitlesOf(a.client.id)).toEqual(["Ana's video"]);

  // The team's pages about clients: a member only; a client's session is no member's.
  for (const path of [
    "/team/clients",
    `/team/clients/${a.client.id}`,
    `/team/clients/${b.client.id}`,
  ]) {
    expect((await member.get(path)).status(), `member GET ${path}`).toBe(200);
    for (const [who, context] of [
      ["A", asA],
      ["B", asB],
      ["removed", asRemoved],
      ["signed out", signedOut],
    ] as const) {
      await expectRedirected(who, context, path, "/team/sign-in");
    }
  }
  const teamPageA = await (await member.get(`/team/clients/${a.client.id}`)).text();
  expect(teamPageA).toContain("Ana&#x27;s video");
  expect(teamPageA).not.toContain("Bo&#x27;s video");
  for (const [who, context] of [
    ["A", asA],
    ["B", asB],
  ] as const) {
    const add = await context.post(`/team/clients/${a.client.id}`, {
      headers: form,
      data: `intent=add&email=intruder-${who}@example.com`,
      maxRedirects: 0,
    });
    expect(add.status(), `${who} adds a person`).toBe(303);
    const invite = await context.post(`/team/applications/${b.id}/portal-invite`, {
      headers: form,
      data: "",
      maxRedirects: 0,
    });
    expect(invite.status(), `${who} invites`).toBe(303);
  }
  const people = await withDatabase((database) =>
    database.db
      .selectFrom("clientPeople")
      .select("email")
      .where("email", "like", "intruder-%")
      .execute(),
  );
  expect(people).toEqual([]);

  // An expired link: says so, and its POST signs no one in.
  await asA.post("/portal/sign-in", {
    headers: form,
    data: `email=${encodeURIComponent(a.email)}`,
  });
  const late = await portalLink(a.email, 2);
  // This link only: other tests' links, in flight meanwhile, stay as they are.
  const lateToken = new URL(late).searchParams.get("token") ?? "";
  await withDatabase((database) =>
    database.write(
      database.db
        .updateTable("clientSignInTokens")
        .set({ expiresAt: Date.now() - 1000 })
        .where("tokenHash", "=", hashPortalToken(lateToken)),
    ),
  );
  const fresh = await playwrightRequest.newContext({
    baseURL: teamOrigin,
    extraHTTPHeaders: { Origin: teamOrigin },
  });
  expect(await (await fresh.get(late)).text()).toContain("This link has expired");
  const refused = await fresh.post("/portal/sign-in/link", {
    headers: form,
    data: `token=${lateToken}`,
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(410);
  expect(refused.headers()["set-cookie"]).toBeUndefined();
  expect((await fresh.get("/portal", { maxRedirects: 0 })).status()).toBe(302);
  // A used link (A's invite) signs no one in either.
  const used = await fresh.post("/portal/sign-in/link", {
    headers: form,
    data: `token=${new URL(await portalLink(a.email)).searchParams.get("token")}`,
    maxRedirects: 0,
  });
  expect(used.status()).toBe(410);

  for (const context of [member, asA, asB, asRemoved, signedOut, fresh]) await context.dispose();
});
