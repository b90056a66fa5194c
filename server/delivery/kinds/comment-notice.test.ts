import { randomUUID } from "node:crypto";
import { expect, it, onTestFinished } from "vitest";
import type { DatabaseHandle } from "../../db/database.ts";
import { commentBatch, commentNoticesQueue } from "../../db/portal/comment-notices.ts";
import { describeEachBackend, migratedDatabase } from "../../test/backends.ts";
import { startSlackReceiver } from "../../test/chat-receivers.ts";
import { recordingMailer, siteWorkerConfig, workerSending } from "../../test/delivery-worker.ts";
import { clientPeople, clientWithRequest, teamVersion } from "../../test/portal.ts";
import { waitFor } from "../../test/wait.ts";
import {
  clientCommentsEmailKind,
  clientCommentsKinds,
  clientCommentsNotice,
  teamCommentsEmailKind,
} from "./comment-notice.ts";

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

describeEachBackend("the client's comments on a chat channel on $name", (backend) => {
  it("posts the client's comments to Slack once: our words in the heading and preview, the comments as facts, defused, the request's team page", async () => {
    const { database } = await migratedDatabase(backend);
    const owner = await clientWithRequest(database, {
      ownerEmail: "maya@studio.example",
      name: "<!channel> Eve",
      title: "Spring launch",
    });
    const start = Date.now() - 10_000;
    const { versionId } = await teamVersion(database, owner, { at: start });
    await database.write(
      database.db.insertInto("versionComments").values({
        id: randomUUID(),
        versionId,
        clientId: owner.clientId,
        parentId: null,
        authorSide: "client",
        authorId: null,
        authorName: "eve@example.com",
        frameIn: null,
        frameOut: null,
        body: "See <https://evil.example|here> @here",
        resolvedAt: null,
        createdAt: start + 1,
      }),
    );
    const kind = "client_comments_slack";
    await commentNoticesQueue(database, kind, {
      side: "client",
      now: start + 2,
      since: 0,
      limit: 10,
    });
    const batch = { clientId: owner.clientId, kind, deliveryId: randomUUID(), now: start + 3 };
    expect(await commentBatch(database, batch)).toBe(true);
    // Made again (another instance): nothing queued is left, so no second delivery.
    expect(await commentBatch(database, { ...batch, deliveryId: randomUUID() })).toBe(false);

    const slack = await startSlackReceiver();
    onTestFinished(() => slack.stop());
    const worker = workerSending(database, recordingMailer().mailer, {
      SLACK_WEBHOOK_URL: slack.url,
    });
    await waitFor(async () => slack.accepted().length === 1, { what: "the Slack message" });
    await worker.stop();
    expect(slack.accepted()).toHaveLength(1);
    const [posted] = slack.accepted();
    if (!posted) throw new Error("nothing posted");
    expect((posted.json as { text: string }).text).toBe("A client commented on a cut.");
    // Slack's escaping breaks links with zero-width spaces: read without them.
    const body = posted.body.replaceAll("\u200b", "");
    expect(body).toContain('"text":"New comments on cuts"');
    expect(body).toContain('"text":"&lt;!channel&gt; Eve"');
    expect(body).toContain("eve@example.com: See &lt;https://evil.example|here&gt;");
    expect(body).toContain("maya &lt;maya@studio.example&gt;");
    expect(body).toContain(
      `"url":"https://reelsmith.example/team/clients/${owner.clientId}/requests/${owner.requestId}"`,
    );
    expect(body).not.toContain("<!channel>");
    expect(body).not.toContain("<https://evil");
  });
});

it("the client's comments go to the email and each chat channel set up", () => {
  expect(clientCommentsKinds(siteWorkerConfig)).toEqual(["client_comments_email"]);
  expect(
    clientCommentsKinds({ ...siteWorkerConfig, DISCORD_WEBHOOK_URL: "https://discord.example/x" }),
  ).toEqual(["client_comments_email", "client_comments_discord"]);
});

it("quotes five comments on a chat channel, one fact each, and counts the rest in our words", () => {
  const comment = (body: string) => ({
    requestId: "r1",
    requestTitle: "Spring launch",
    version: 1,
    authorName: "ada@example.com",
    frameIn: null,
    frameOut: null,
    frameRate: null,
    body,
  });
  const notice = clientCommentsNotice(
    {
      clientId: "c1",
      clientName: "Ada Lovelace",
      emails: [],
      comments: ["one", "two", "three", "four", "five", "six", "seven"].map(comment),
    },
    undefined,
    { siteUrl: "https://reelsmith.example/" },
  );
  expect(notice.summary).toBe("A client left 7 comments on cuts.");
  expect(notice.facts.map((fact) => fact.label)).toEqual([
    "Client",
    "Owner",
    ...Array(5).fill("Comment"),
  ]);
  expect(notice.facts.at(-1)?.value).toBe("“Spring launch” v1 · ada@example.com: five");
  expect(notice.lines).toEqual(["And 2 more comments on the team's page."]);
  expect(notice.link?.url).toBe("https://reelsmith.example/team/clients/c1/requests/r1");
});
