import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/database.ts";
import { commentBatch, commentNoticesQueue } from "../../db/portal/comment-notices.ts";
import { describeEachBackend, migratedDatabase } from "../../test/backends.ts";
import { recordingMailer, workerSending } from "../../test/delivery-worker.ts";
import { clientPeople, clientWithRequest, teamVersion } from "../../test/portal.ts";
import { waitFor } from "../../test/wait.ts";
import { clientCommentsEmailKind, teamCommentsEmailKind } from "./comment-notice.ts";

const statuses = (database: DatabaseHandle) =>
  database.db
    .selectFrom("deliveries")
    .select(["kind", "status"])
    .where("kind", "in", [clientCommentsEmailKind.name, teamCommentsEmailKind.name])
    .execute();

describeEachBackend("the comment notices' emails on $name", (backend) => {
  it("the client's comments to the owner in one email, the team's to each person of the client, each comment's timecode at the version's rate", async () => {
    const { database } = await migratedDatabase(backend);
    const owner = await clientWithRequest(database, {
      ownerEmail: "maya@studio.example",
      title: "Spring launch",
    });
    const start = Date.now() - 10_000;
    await clientPeople(database, owner.clientId, ["ada@example.com", "bo@example.com"]);
    const { versionId } = await teamVersion(database, owner, {
      at: start,
      media: { frameRate: "30000/1001", durationMs: 120_000 },
    });
    const comment = (
      side: "team" | "client",
      name: string,
      frames: [number | null, number | null],
      body: string,
      at: number,
    ) =>
      database.db.insertInto("versionComments").values({
        id: randomUUID(),
        versionId,
        clientId: owner.clientId,
        parentId: null,
        authorSide: side,
        authorId: null,
        authorName: name,
        frameIn: frames[0],
        frameOut: frames[1],
        body,
        resolvedAt: null,
        createdAt: at,
      });
    await database.writeTransaction([
      comment("client", "ada@example.com", [1800, null], "Logo at the minute", start + 1),
      comment("client", "ada@example.com", [60, 100], "This stretch drags", start + 2),
      comment("client", "ada@example.com", [null, null], "Changes asked: tighter", start + 3),
      comment("team", "Maya", [30, null], "Fixed in v2", start + 4),
    ]);
    for (const [kind, side] of [
      [clientCommentsEmailKind.name, "client"],
      [teamCommentsEmailKind.name, "team"],
    ] as const) {
      await commentNoticesQueue(database, kind, { side, now: start + 5, since: 0, limit: 100 });
      expect(
        await commentBatch(database, {
          clientId: owner.clientId,
          kind,
          deliveryId: randomUUID(),
          now: start + 6,
        }),
      ).toBe(true);
    }

    const { mailer, sent } = recordingMailer();
    const worker = workerSending(database, mailer);
    worker.nudge();
    await waitFor(async () => (await statuses(database)).every((d) => d.status === "done"), {
      what: "both notices sent",
    });
    expect(sent.map((message) => message.to).sort()).toEqual([
      "ada@example.com",
      "bo@example.com",
      "maya@studio.example",
    ]);
    const toTeam = sent.find((message) => message.to === "maya@studio.example");
    expect(toTeam?.subject).toBe("Ada Lovelace: new comments on cuts (3)");
    expect(String(toTeam?.text)).toBe(
      [
        "- “Spring launch” v1 · 00:01:00;02 · ada@example.com: Logo at the minute",
        "- “Spring launch” v1 · 00:00:02;00–00:00:03;10 · ada@example.com: This stretch drags",
        "- “Spring launch” v1 · ada@example.com: Changes asked: tighter",
        "",
        `Open it: https://reelsmith.example/team/clients/${owner.clientId}/requests/${owner.requestId}`,
        "",
      ].join("\n"),
    );
    const toAda = sent.find((message) => message.to === "ada@example.com");
    expect(toAda?.subject).toBe("New comments from the team on your cut (1)");
    expect(String(toAda?.text)).toContain("- “Spring launch” v1 · 00:00:01;00 · Maya: Fixed in v2");
    expect(String(toAda?.text)).toContain(
      `https://reelsmith.example/portal/requests/${owner.requestId}/cut`,
    );
  });
});
