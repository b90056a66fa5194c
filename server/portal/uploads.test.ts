import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { describeEachBackend, serverOn } from "../test/backends.ts";
import { wavBytes } from "../test/media-bytes.ts";
import { signedInClient } from "../test/portal-session.ts";

const tus = { "Tus-Resumable": "1.0.0" };

describeEachBackend("uploads to /portal/uploads (tus) on $name", (backend) => {
  async function setUp() {
    const { server, database } = await serverOn(backend, {
      PUBLIC_SITE_URL: "http://localhost:3000",
      PORTAL_CLIENT_QUOTA_BYTES: "25",
    });
    const origin = new URL(server.url).origin;
    const call = (url: string, init: RequestInit & { cookie?: string } = {}) =>
      fetch(new URL(url, server.url), {
        ...init,
        redirect: "manual",
        headers: {
          ...tus,
          Origin: origin,
          ...(init.cookie ? { cookie: init.cookie } : {}),
          ...init.headers,
        },
      });
    const create = (cookie: string | undefined, length: number) =>
      call("/portal/uploads", {
        method: "POST",
        cookie,
        headers: { "Upload-Length": String(length) },
      });
    return { server, database, call, create };
  }

  it("takes a signed-in client's file in two PATCHes, resumable from the offset HEAD says; stored whole", async () => {
    const { server, database, call, create } = await setUp();
    const a = await signedInClient(database, "ana");
    const bytes = wavBytes(20); // a sound (only media is taken: upload-checks.test.ts)
    const created = await create(a.cookie, bytes.length);
    expect(created.status).toBe(201);
    const location = created.headers.get("location") ?? "";
    const id = location.split("/").at(-1) ?? "";
    expect(location).toBe(`/portal/uploads/${id}`);
    const patch = (offset: number, chunk: Buffer) =>
      call(location, {
        method: "PATCH",
        cookie: a.cookie,
        headers: {
          "Content-Type": "application/offset+octet-stream",
          "Upload-Offset": String(offset),
        },
        body: new Uint8Array(chunk),
      });
    expect((await patch(0, bytes.subarray(0, 4))).headers.get("upload-offset")).toBe("4");
    // A client that lost its place asks where to go on from.
    const head = await call(location, { method: "HEAD", cookie: a.cookie });
    expect(head.status).toBe(200);
    expect(head.headers.get("upload-offset")).toBe("4");
    // A wrong offset is refused and changes nothing.
    expect((await patch(2, bytes.subarray(2))).status).toBe(409);
    const done = await patch(4, bytes.subarray(4));
    expect(done.status).toBe(204);
    expect(done.headers.get("upload-offset")).toBe("20");
    const stored = readFileSync(path.join(server.dataDir, "media", id));
    expect(createHash("sha256").update(stored).digest("hex")).toBe(
      createHash("sha256").update(bytes).digest("hex"),
    );
    const row = await database.db
      .selectFrom("clientUploads")
      .select(["clientId", "size", "completedAt"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.clientId).toBe(a.clientId);
    expect(Number(row.size)).toBe(20);
    expect(row.completedAt).not.toBeNull();
  });

  it("lets no one else reach an upload: another client 404, signed out 401, another site 403", async () => {
    const { call, create, database } = await setUp();
    const a = await signedInClient(database, "ana");
    const b = await signedInClient(database, "bo");
    const location = (await create(a.cookie, 5)).headers.get("location") ?? "";
    for (const method of ["HEAD", "PATCH", "DELETE"]) {
      const asB = await call(location, {
        method,
        cookie: b.cookie,
        headers: { "Content-Type": "application/offset+octet-stream", "Upload-Offset": "0" },
        body: method === "PATCH" ? "xxxxx" : undefined,
      });
      expect(asB.status, `B ${method}`).toBe(404);
      const signedOut = await call(location, { method });
      expect(signedOut.status, `signed out ${method}`).toBe(401);
    }
    expect((await create(undefined, 5)).status).toBe(401);
    expect((await create("portal_session=made-up", 5)).status).toBe(401);
    const crossSite = await call("/portal/uploads", {
      method: "POST",
      cookie: a.cookie,
      headers: { "Upload-Length": "5", Origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    const head = await call(location, { method: "HEAD", cookie: a.cookie });
    expect(head.headers.get("upload-offset")).toBe("0");
    const rows = await database.db.selectFrom("clientUploads").select("clientId").execute();
    expect(rows).toEqual([{ clientId: a.clientId }]);
  });

  it("refuses at creation what would go over the client's quota, and all but one of eight racing for the last bytes", async () => {
    const { server, create, database } = await setUp();
    const a = await signedInClient(database, "ana");
    const b = await signedInClient(database, "bo");
    expect((await create(a.cookie, 26)).status).toBe(413); // over the quota by itself
    expect((await create(a.cookie, 20)).status).toBe(201);
    expect((await create(a.cookie, 6)).status).toBe(413);
    // Another client has a quota of its own.
    expect((await create(b.cookie, 25)).status).toBe(201);
    // Eight uploads racing for A's last 5 bytes: one is taken, the others refused.
    const racing = await Promise.all(Array.from({ length: 8 }, () => create(a.cookie, 5)));
    expect(racing.map((answer) => answer.status).sort()).toEqual([201, ...Array(7).fill(413)]);
    const sizes = await database.db
      .selectFrom("clientUploads")
      .select(["clientId", "size"])
      .where("clientId", "=", a.clientId)
      .execute();
    expect(sizes.reduce((sum, row) => sum + Number(row.size), 0)).toBe(25);
    // Nothing refused reached the disk: one file (and its tus record) per upload taken.
    const ids = (await database.db.selectFrom("clientUploads").select("id").execute()).map(
      (r) => r.id,
    );
    for (const id of ids) expect(existsSync(path.join(server.dataDir, "media", id))).toBe(true);
    expect(ids).toHaveLength(3);
  });

  it("refuses an upload whose length is not given at creation", async () => {
    const { call, database } = await setUp();
    const a = await signedInClient(database, "ana");
    const deferred = await call("/portal/uploads", {
      method: "POST",
      cookie: a.cookie,
      headers: { "Upload-Defer-Length": "1" },
    });
    expect(deferred.status).toBeGreaterThanOrEqual(400);
    expect(deferred.status).toBeLessThan(500);
    expect(await database.db.selectFrom("clientUploads").select("id").execute()).toEqual([]);
  });
});
