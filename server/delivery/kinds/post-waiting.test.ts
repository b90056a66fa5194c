import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/database.ts";
import { postNotice } from "../../db/portal/post-notices.ts";
import { postInsert } from "../../db/portal/request-posts.ts";
import { describeEachBackend, migratedDatabase } from "../../test/backends.ts";
import { recordingMailer, workerSending } from "../../test/delivery-worker.ts";
import { clientPeople, clientWithRequest } from "../../test/portal.ts";
import { approvedVersion } from "../../test/schedule.ts";
import { waitFor } from "../../test/wait.ts";
import { postWaitingEmailKind, postWhen } from "./post-waiting.ts";

const deliveries = (database: DatabaseHandle) =>
  database.db
    .selectFrom("deliveries")
    .select(["id", "status", "skipReason"])
    .where("kind", "=", postWaitingEmailKind.name)
    .orderBy("createdAt")
    .execute();

/** Tuesday 1 December 2026, 17:30 in Berlin. */
const at = Date.UTC(2026, 11, 1, 16, 30);

describeEachBackend("the post-waiting email on $name", (backend) => {
  it("tells every person of the client once, one message each: the post's platform, time in its zone, caption and the week's link; a failed attempt is sent again with the same Message-ID", async () => {
    const { database } = await migratedDatabase(backend);
    const owner = await clientWithRequest(database, { name: "Ana Studio", title: "Spring launch" });
    await clientPeople(database, owner.clientId, ["ana@example.com", "bo@example.com"]);
    await approvedVersion(database, owner);
    const postId = "post-1";
    // 310 characters, the 300th an emoji (two UTF-16 units): cut after it, never inside it.
    const caption = `${"Behind the scenes of the spring launch ".repeat(8).slice(0, 299)}🎬${"x".repeat(10)}`;
    await database.write(
      postInsert(database.db, {
        id: postId,
        requestId: owner.requestId,
        clientId: owner.clientId,
        platform: "Instagram",
        at,
        timeZone: "Europe/Berlin",
        caption,
        hashtags: "#launch",
        by: "ed@team.example",
        now: Date.now() - 60_000,
      }),
    );
    const notice = { postId, revision: 1, kind: postWaitingEmailKind.name, now: Date.now() };
    const deliveryId = randomUUID();
    expect(await postNotice(database, { ...notice, deliveryId })).toBe(true);
    // Again (a second instance, a retry): the revision is told once.
    expect(await postNotice(database, { ...notice, deliveryId: randomUUID() })).toBe(false);
    expect((await deliveries(database)).map((delivery) => delivery.id)).toEqual([deliveryId]);

    // The first attempt fails (as an SMTP server away), the retry sends.
    const { mailer, tried, sent } = recordingMailer(1);
    const worker = workerSending(database, mailer);
    worker.nudge();
    await waitFor(async () => (await deliveries(database))[0]?.status === "done", {
      what: "the post-waiting email sent",
      timeoutMs: 10_000,
    });
    expect(sent.map((message) => message.to)).toEqual(["ana@example.com", "bo@example.com"]);
    expect(tried[0]?.messageId).toBe(sent[0]?.messageId);
    expect(sent[0]?.messageId).not.toBe(sent[1]?.messageId);
    expect(sent[0]?.subject).toBe("A post of “Spring launch” waits for your approval");
    const text = String(sent[0]?.text);
    expect(text).toContain(
      "Hello Ana Studio, the team planned where and when “Spring launch” is posted.",
    );
    expect(text).toContain("Platform: Instagram");
    expect(text).toContain("When: Tuesday, 1 December 2026 at 17:30 (Europe/Berlin)");
    expect(text).toContain(`Caption: ${caption.slice(0, 299)}🎬…`);
    expect(text).not.toContain("🎬x");
    expect(text).toContain(
      "Read and approve it on your posting schedule: https://reelsmith.example/portal/schedule?view=week&date=2026-12-01",
    );
  });

  it("is skipped, never sent, when the client approved the post meanwhile or the team changed it again", async () => {
    const { database } = await migratedDatabase(backend);
    const owner = await clientWithRequest(database, { name: "Ana Studio", title: "Spring launch" });
    await clientPeople(database, owner.clientId, ["ana@example.com"]);
    await approvedVersion(database, owner);
    const post = (id: string, requestId: string) =>
      postInsert(database.db, {
        id,
        requestId,
        clientId: owner.clientId,
        platform: "TikTok",
        at,
        timeZone: "Europe/Berlin",
        caption: "A caption",
        hashtags: "",
        by: "ed@team.example",
        now: Date.now(),
      });
    const second = await clientWithRequest(database, { name: "Ana Studio", title: "Second" });
    await database.db
      .updateTable("clientRequests")
      .set({ clientId: owner.clientId })
      .where("id", "=", second.requestId)
      .execute();
    await database.write(post("approved", owner.requestId));
    await database.write(post("changed", second.requestId));
    const kind = postWaitingEmailKind.name;
    const deliveryOf = { approved: randomUUID(), changed: randomUUID() };
    for (const [postId, deliveryId] of Object.entries(deliveryOf)) {
      await postNotice(database, { postId, revision: 1, kind, deliveryId, now: Date.now() });
    }
    await database.db
      .updateTable("requestPosts")
      .set({ approvedRevision: 1 })
      .where("id", "=", "approved")
      .execute();
    await database.db
      .updateTable("requestPosts")
      .set({ revision: 2 })
      .where("id", "=", "changed")
      .execute();

    const { mailer, sent } = recordingMailer();
    const worker = workerSending(database, mailer);
    worker.nudge();
    await waitFor(async () => (await deliveries(database)).every((d) => d.status === "skipped"), {
      what: "both skipped",
    });
    await worker.stop();
    expect(sent).toEqual([]);
    const reasonOf = async (id: string) =>
      (await deliveries(database)).find((delivery) => delivery.id === id)?.skipReason;
    expect(await reasonOf(deliveryOf.approved)).toBe("the client approved the post already");
    expect(await reasonOf(deliveryOf.changed)).toBe(
      "the post changed again: the next email tells it",
    );
  });
});

it("says the post's time in its own zone, across a change of the clocks", () => {
  expect(postWhen({ at: Date.UTC(2026, 2, 29, 1, 30), timeZone: "Europe/Berlin" })).toBe(
    "Sunday, 29 March 2026 at 03:30 (Europe/Berlin)",
  );
  expect(postWhen({ at: Date.UTC(2026, 11, 1, 16, 30), timeZone: "America/New_York" })).toBe(
    "Tuesday, 1 December 2026 at 11:30 (America/New_York)",
  );
});
