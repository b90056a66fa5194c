import { randomUUID } from "node:crypto";
import type { SendMailOptions } from "nodemailer";
import pino from "pino";
import { expect, it, onTestFinished } from "vitest";
import type { DatabaseHandle } from "../../db/database.ts";
import { personInsert } from "../../db/portal/client-people.ts";
import { versionMake } from "../../db/portal/request-versions.ts";
import type { Mailer } from "../../mail/mailer.ts";
import { describeEachBackend, migratedDatabase } from "../../test/backends.ts";
import { clientWithRequest } from "../../test/portal.ts";
import { waitFor } from "../../test/wait.ts";
import { workerTestConfig } from "../../test/worker-config.ts";
import { startDeliveryWorker } from "../worker.ts";
import { cutReadyEmailKind } from "./cut-ready.ts";

const config = { ...workerTestConfig, PUBLIC_SITE_URL: "https://reelsmith.example" };

/** A cut the team finished on the request (its row only): its id. */
async function finishedCut(
  database: DatabaseHandle,
  owner: { clientId: string; requestId: string },
) {
  const id = randomUUID();
  const now = Date.now();
  await database.write(
    database.db.insertInto("clientUploads").values({
      id,
      clientId: owner.clientId,
      personId: null,
      requestId: owner.requestId,
      displayName: "cut.mp4",
      size: 1000,
      createdAt: now,
      completedAt: now,
      fromTeam: 1,
    }),
  );
  return id;
}

const cutReadyDeliveries = (database: DatabaseHandle) =>
  database.db
    .selectFrom("deliveries")
    .select(["id", "status"])
    .where("kind", "=", "cut_ready_email")
    .orderBy("createdAt")
    .execute();

describeEachBackend("the cut-ready email on $name", (backend) => {
  it("tells every person of the client once per version, one message each, with the stable link", async () => {
    const { database } = await migratedDatabase(backend);
    const owner = await clientWithRequest(database, {
      title: "Spring launch",
      name: "Ada Lovelace",
    });
    const now = Date.now();
    await database.writeTransaction([
      personInsert(database.db, {
        id: randomUUID(),
        clientId: owner.clientId,
        email: "ada@example.com",
        createdAt: now,
      }),
      personInsert(database.db, {
        id: randomUUID(),
        clientId: owner.clientId,
        email: "bo@example.com",
        createdAt: now + 1,
      }),
    ]);
    // What the job cut-versions does for a finished cut: the version and its delivery, in one
    // transaction; made again (a retry, another instance): neither.
    const make = async (uploadId: string) =>
      versionMake(
        database,
        { id: randomUUID(), uploadId, createdBy: null, now: Date.now() },
        { kind: cutReadyEmailKind.name, applicationId: owner.applicationId },
      );
    const firstCut = await finishedCut(database, owner);
    expect(await make(firstCut)).toBe(1);
    expect(await make(firstCut)).toBeUndefined();
    const [first, ...others] = await cutReadyDeliveries(database);
    expect(others).toEqual([]);
    const version = await database.db
      .selectFrom("requestVersions")
      .select(["id", "number"])
      .executeTakeFirstOrThrow();
    expect(first?.id).toBe(version.id);

    const sent: SendMailOptions[] = [];
    const mailer: Mailer = {
      async send(message) {
        sent.push(message);
      },
      close() {},
    };
    const worker = startDeliveryWorker({
      database,
      config,
      logger: pino({ level: "silent" }),
      mailer,
    });
    onTestFinished(() => worker.stop());
    worker.nudge();
    await waitFor(async () => (await cutReadyDeliveries(database))[0]?.status === "done", {
      what: "the cut-ready email sent",
    });
    expect(sent.map((message) => message.to)).toEqual(["ada@example.com", "bo@example.com"]);
    expect(sent[0]?.subject).toBe("v1 of “Spring launch” is ready to review");
    expect(String(sent[0]?.text)).toContain(
      `https://reelsmith.example/portal/requests/${owner.requestId}/cut`,
    );

    // v2: one more delivery, told again.
    expect(await make(await finishedCut(database, owner))).toBe(2);
    expect(await cutReadyDeliveries(database)).toHaveLength(2);
    worker.nudge();
    await waitFor(async () => sent.length === 4, { what: "v2 told" });
    expect(sent[2]?.subject).toBe("v2 of “Spring launch” is ready to review");
  });
});
