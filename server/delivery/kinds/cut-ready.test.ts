import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/database.ts";
import { versionMake } from "../../db/portal/request-versions.ts";
import { describeEachBackend, migratedDatabase } from "../../test/backends.ts";
import { recordingMailer, workerSending } from "../../test/delivery-worker.ts";
import { clientPeople, clientWithRequest, teamCut } from "../../test/portal.ts";
import { waitFor } from "../../test/wait.ts";
import { cutReadyEmailKind } from "./cut-ready.ts";

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
    await clientPeople(database, owner.clientId, ["ada@example.com", "bo@example.com"]);
    // What the job cut-versions does for a finished cut: the version and its delivery, in one
    // transaction; made again (a retry, another instance): neither.
    const make = async (uploadId: string) =>
      versionMake(
        database,
        { id: randomUUID(), uploadId, createdBy: null, now: Date.now() },
        { kind: cutReadyEmailKind.name, applicationId: owner.applicationId },
      );
    const firstCut = await teamCut(database, owner);
    expect(await make(firstCut)).toBe(1);
    expect(await make(firstCut)).toBeUndefined();
    const [first, ...others] = await cutReadyDeliveries(database);
    expect(others).toEqual([]);
    const version = await database.db
      .selectFrom("requestVersions")
      .select(["id", "number"])
      .executeTakeFirstOrThrow();
    expect(first?.id).toBe(version.id);

    const { mailer, sent } = recordingMailer();
    const worker = workerSending(database, mailer);
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
    expect(await make(await teamCut(database, owner))).toBe(2);
    expect(await cutReadyDeliveries(database)).toHaveLength(2);
    worker.nudge();
    await waitFor(async () => sent.length === 4, { what: "v2 told" });
    expect(sent[2]?.subject).toBe("v2 of “Spring launch” is ready to review");
  });
});
