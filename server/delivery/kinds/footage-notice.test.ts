import { expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/database.ts";
import { noticeBatch, noticesQueue } from "../../db/portal/upload-notices.ts";
import { databaseOfTwo, describeEachBackend, migratedDatabase } from "../../test/backends.ts";
import { recordingMailer, siteWorkerConfig, workerSending } from "../../test/delivery-worker.ts";
import { clientWithRequest, finishedUpload } from "../../test/portal.ts";
import { waitFor } from "../../test/wait.ts";
import { footageNoticeEmailKind, footageNoticeKinds, noticeFilesShown } from "./footage-notice.ts";
import { kindRegistry } from "./registry.ts";

const minute = 60_000;

/** Queues every finished upload for the email and makes the request's batch: its delivery id. */
async function batched(database: DatabaseHandle, requestId: string) {
  const now = Date.now();
  await noticesQueue(database, "footage_notice_email", {
    now,
    since: now - 60 * minute,
    readsMedia: true,
    limit: 500,
  });
  const deliveryId = crypto.randomUUID();
  const made = await noticeBatch(database, {
    requestId,
    kind: "footage_notice_email",
    deliveryId,
    now,
  });
  if (!made) throw new Error("no batch");
  return deliveryId;
}

/** A client's request with one file read (`durationMs` long), batched: its delivery id. */
async function oneFileBatched(
  database: DatabaseHandle,
  client: Parameters<typeof clientWithRequest>[1],
  name: string,
  durationMs: number,
) {
  const owner = await clientWithRequest(database, client);
  const media = { state: "ready", durationMs } as const;
  await finishedUpload(database, owner, { name, completedAt: Date.now(), media });
  return batched(database, owner.requestId);
}

const statusOf = async (database: DatabaseHandle, id: string) =>
  (await database.db
    .selectFrom("deliveries")
    .select(["status", "attempts"])
    .where("id", "=", id)
    .executeTakeFirst()) ?? { status: "gone", attempts: 0 };

describeEachBackend("the new-footage notice on $name", (backend) => {
  it("emails the owner once, through retries: client, request, each file's name, length and minutes flag, the client's page", async () => {
    const { database } = await migratedDatabase(backend);
    const owner = await clientWithRequest(database, {
      ownerEmail: "maya@studio.example",
      name: "Ada Lovelace",
      title: "Spring launch",
    });
    const now = Date.now();
    await finishedUpload(database, owner, {
      name: "C:\\Users\\ada\\Desktop\\take-1.mov",
      completedAt: now - 2000,
      media: { state: "ready", durationMs: 3000 },
    });
    await finishedUpload(database, owner, {
      name: "long-take.mp4",
      completedAt: now - 1000,
      media: { state: "ready", durationMs: 10 * minute + 1000 },
    });
    await finishedUpload(database, owner, {
      name: "",
      completedAt: now,
      media: { state: "unreadable" },
    });
    const deliveryId = await batched(database, owner.requestId);

    // The first attempt fails (the SMTP server away), the retry goes: one email in all.
    const mail = recordingMailer(1);
    workerSending(database, mail.mailer);
    await waitFor(async () => (await statusOf(database, deliveryId)).status === "done", {
      what: "the notice sent",
    });
    expect(await statusOf(database, deliveryId)).toEqual({ status: "done", attempts: 2 });
    expect(mail.sent).toHaveLength(1);
    const [email] = mail.sent;
    // The retry said what the first attempt said, under the same Message-ID.
    expect(email).toEqual(mail.tried[0]);
    expect(email?.to).toBe("maya@studio.example");
    expect(email?.messageId).toBe(`<${deliveryId}.footage-notice@reelsmith.example>`);
    expect(email?.subject).toBe("New footage from Ada Lovelace: 3 files");
    expect(email?.text).toBe(
      [
        `New footage from Ada Lovelace: 3 files — https://reelsmith.example/team/clients/${owner.clientId}/requests/${owner.requestId}`,
        "",
        "Client: Ada Lovelace",
        "Request: Spring launch",
        "Owner: maya <maya@studio.example>",
        "",
        "- take-1.mov (0:03)",
        "- long-take.mp4 (10:01; 11 min: over the plan's 10 min per video)",
        "- Unnamed file (length not read)",
        "",
        `Open the request: https://reelsmith.example/team/clients/${owner.clientId}/requests/${owner.requestId}`,
        "",
      ].join("\n"),
    );
    // Never a path: no folder of the client's device, nor ours.
    expect(email?.text).not.toMatch(/Users|Desktop|media\//);
  });

  it("goes to TEAM_EMAIL when the application has no owner; one file is named in the subject", async () => {
    const { database } = await migratedDatabase(backend);
    const deliveryId = await oneFileBatched(database, { name: "Bo" }, "hello.mp4", 65_000);
    const mail = recordingMailer();
    workerSending(database, mail.mailer);
    await waitFor(async () => (await statusOf(database, deliveryId)).status === "done");
    expect(mail.sent.map((one) => [one.to, one.subject])).toEqual([
      ["team@reelsmith.example", "New footage from Bo: hello.mp4"],
    ]);
    expect(String(mail.sent[0]?.text)).toContain("- hello.mp4 (1:05)\n");
    expect(String(mail.sent[0]?.text)).toContain("Owner: Unassigned");
  });

  it("names at most 50 files and counts the rest; is skipped once its files are gone", async () => {
    const { database } = await migratedDatabase(backend);
    const owner = await clientWithRequest(database);
    const now = Date.now();
    const ids = await Promise.all(
      Array.from({ length: noticeFilesShown + 2 }, (_, index) =>
        finishedUpload(database, owner, {
          name: `clip-${String(index).padStart(2, "0")}.mp4`,
          completedAt: now - 100 + index,
          media: { state: "ready", durationMs: 1000 },
        }),
      ),
    );
    const deliveryId = await batched(database, owner.requestId);
    const delivery = await database.db
      .selectFrom("deliveries")
      .selectAll()
      .where("id", "=", deliveryId)
      .executeTakeFirstOrThrow();
    const application = await database.db
      .selectFrom("submissions")
      .selectAll()
      .where("id", "=", owner.applicationId)
      .executeTakeFirstOrThrow();
    const mail = recordingMailer();
    const context = { config: siteWorkerConfig, mailer: mail.mailer, database };
    const job = { delivery, application, owner: null };
    await footageNoticeEmailKind.send(job, context);
    const lines = String(mail.sent[0]?.text)
      .split("\n")
      .filter((line) => line.startsWith("- "));
    expect(lines).toHaveLength(noticeFilesShown + 1);
    expect(lines.at(-1)).toBe("- and 2 more");
    expect(mail.sent[0]?.subject).toBe(
      `New footage from Ada Lovelace: ${noticeFilesShown + 2} files`,
    );

    expect(await footageNoticeEmailKind.skipReason(job, context)).toBeUndefined();
    await database.write(database.db.deleteFrom("clientUploads").where("id", "in", ids));
    expect(await footageNoticeEmailKind.skipReason(job, context)).toBe(
      "the footage is no longer there",
    );
  });

  it("is one email per kind configured: the email always, a chat channel when its URL is set", () => {
    expect(kindRegistry.named("footage_notice_email")).toBe(footageNoticeEmailKind);
    expect(footageNoticeKinds(siteWorkerConfig)).toEqual(["footage_notice_email"]);
    expect(
      footageNoticeKinds({
        ...siteWorkerConfig,
        SLACK_WEBHOOK_URL: "https://hooks.slack.example/x",
      }),
    ).toEqual(["footage_notice_email", "footage_notice_slack"]);
  });
});

describeEachBackend("the new-footage notice with two workers on $name", (backend) => {
  it("is sent once when two instances' workers run", async () => {
    const { database, other } = await databaseOfTwo(backend);
    const client = { ownerEmail: "maya@studio.example" };
    const deliveryId = await oneFileBatched(database, client, "take.mp4", 1000);
    const mail = recordingMailer();
    workerSending(database, mail.mailer);
    workerSending(other, mail.mailer);
    await waitFor(async () => (await statusOf(database, deliveryId)).status === "done");
    expect(mail.tried.map((one) => one.messageId)).toEqual([
      `<${deliveryId}.footage-notice@reelsmith.example>`,
    ]);
  });
});
