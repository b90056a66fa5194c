import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/database.ts";
import { addMember } from "../../server/db/members.ts";
import { validApplication } from "../../server/test/fixtures.ts";
import {
  createTestDatabase,
  postgresAvailable,
  type TestDatabase,
} from "../../server/test/postgres.ts";
import { readSignInEmails } from "../../server/test/team.ts";
import { waitFor } from "../../server/test/wait.ts";
import { recordFigures } from "./support/figures.ts";
import { type Instance, startInstance } from "./support/instance.ts";
import { builtPages } from "./support/pages.ts";

const { buildDir, withPages } = builtPages("team scenario");

/** A browser-like client of one instance: its cookies, forms posted with its own Origin. */
function client(instance: Instance, cookie = "") {
  const origin = new URL(instance.url).origin;
  return {
    cookie,
    get: (pathname: string) =>
      fetch(`${instance.url}${pathname}`, { headers: { cookie }, redirect: "manual" }),
    post: (pathname: string, form: Record<string, string>) =>
      fetch(`${instance.url}${pathname}`, {
        method: "POST",
        headers: { cookie, Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form),
        redirect: "manual",
      }),
  };
}

describe.skipIf(!postgresAvailable() || !withPages)(
  "7. the team on two instances sharing one PostgreSQL",
  () => {
    let database: TestDatabase;
    let instances: Instance[] = [];
    beforeAll(async () => {
      database = await createTestDatabase();
      const env = { DATABASE_URL: database.url, BUILD_DIR: buildDir, LOG_LEVEL: "warn" };
      instances = await Promise.all([startInstance(env), startInstance(env)]);
    });
    afterAll(async () => {
      await Promise.all(instances.map((instance) => instance.stop()));
      await database?.drop();
    });

    it("signs in on one instance and works on the other: session, statuses, notes, audit", async ({
      task,
    }) => {
      const [a, b] = instances as [Instance, Instance];
      const store = openDatabase({ DATABASE_URL: database.url, dataDir: "" });
      await addMember(store, "maya@team.example");
      const applied = await fetch(a.endpoint, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(validApplication({ name: "Shared Shay" })),
      });
      const { id } = (await applied.json()) as { id: string };

      // The link is asked for on A (and emailed from A)…
      const asked = await client(a).post("/team/sign-in", { email: "maya@team.example" });
      expect(asked.status).toBe(200);
      const [email] = await waitFor(() =>
        readSignInEmails(a.dataDir).then((all) => all.length && all),
      );
      const token = email?.token ?? "";
      // …and used on B, once.
      const onB = client(b);
      expect(await (await onB.get(`/team/sign-in/link?token=${token}`)).text()).toContain(
        "You are signing in as maya@team.example.",
      );
      const signedIn = await onB.post(`/team/sign-in/link?token=${token}`, { token });
      expect(signedIn.status).toBe(302);
      const cookie = signedIn.headers
        .getSetCookie()
        .map((line) => line.split(";")[0])
        .join("; ");
      expect(cookie).toMatch(/^team\.session_token=/);
      const reuse = await client(a).post(`/team/sign-in/link?token=${token}`, { token });
      expect(reuse.status).toBe(410);

      // The session works on both; work done on one shows on the other.
      const memberOnA = client(a, cookie);
      const memberOnB = client(b, cookie);
      expect((await memberOnA.get("/team")).status).toBe(200);
      expect(
        (
          await memberOnA.post(`/team/applications/${id}`, {
            intent: "status",
            status: "contacted",
          })
        ).status,
      ).toBe(302);
      expect(
        (
          await memberOnB.post(`/team/applications/${id}`, {
            intent: "note",
            body: "Spoke on the phone",
          })
        ).status,
      ).toBe(302);
      for (const instance of [memberOnA, memberOnB]) {
        const page = await (await instance.get(`/team/applications/${id}`)).text();
        expect(page).toContain("Spoke on the phone");
        expect(page).toMatch(
          /maya@team\.example(<!-- -->)? (<!-- -->)?set the status to Contacted/,
        );
        expect(page).toMatch(/maya@team\.example(<!-- -->)? (<!-- -->)?added a note/);
      }
      const inboxOnB = await (await memberOnB.get("/team?status=contacted")).text();
      expect(inboxOnB).toContain("Shared Shay");

      // Signing out on B ends the session on A too.
      expect((await memberOnB.post("/team/sign-out", {})).status).toBe(302);
      expect((await memberOnA.get("/team.data")).headers.get("x-remix-redirect")).toBe(
        "/team/sign-in",
      );
      expect((await memberOnA.get("/team")).headers.get("location")).toBe("/team/sign-in");
      await store.close();
      recordFigures(task, {
        order: 7,
        scenario: "team across two instances (PostgreSQL)",
        figures: [
          { name: "link asked on A, used on B", value: true, must: "true" },
          { name: "status, note, audit seen on both", value: true, must: "true" },
          { name: "sign-out on B ends the session on A", value: true, must: "true" },
        ],
      });
    });
  },
);
