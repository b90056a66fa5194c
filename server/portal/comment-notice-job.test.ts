import { expect, it } from "vitest";
import type { DatabaseHandle } from "../db/database.ts";
import { describeEachBackend, migratedDatabase } from "../test/backends.ts";
import { clientPeople, clientWithRequest, teamVersion } from "../test/portal.ts";
import { commentNoticeJob } from "./comment-notice-job.ts";
import { createReview } from "./review.ts";

const names = { toTeam: "client_comments_email", toClient: "team_comments_email" };
const kinds = { toTeam: [names.toTeam], toClient: [names.toClient] };
const windowMs = 60_000;

const noticeDeliveries = (database: DatabaseHandle) =>
  database.db
    .selectFrom("deliveries")
    .select(["id", "kind", "status"])
    .where("kind", "in", [names.toTeam, names.toClient])
    .orderBy("createdAt")
    .orderBy("kind")
    .execute();

describeEachBackend("comment notices on $name", (backend) => {
  it("each side's comments make one delivery per client and window for the other side, never one per comment; nothing told twice", async () => {
    const { database, dataDir } = await migratedDatabase(backend);
    const owner = await clientWithRequest(database, {
      ownerEmail: "maya@studio.example",
      title: "Spring launch",
    });
    const [personId] = await clientPeople(database, owner.clientId, ["ada@example.com"]);
    await teamVersion(database, owner);
    // In the past: the deliveries the job makes at `clock` are due for the worker at once.
    let clock = Date.now() - 3 * windowMs;
    const review = createReview({
      database,
      dataDir,
      previewsOn: async () => false,
      now: () => clock,
    });
    const client = { side: "client" as const, id: personId, name: "ada@example.com" };
    const team = { side: "team" as const, id: "m1", name: "Maya" };
    const say = (who: typeof client | typeof team, frameIn: string, body: string) => {
      clock += 1; // written one after the other
      return review.act(
        who,
        owner.clientId,
        owner.requestId,
        1,
        new URLSearchParams({ intent: "comment", frameIn, body }),
      );
    };
    for (const [index, text] of ["Logo earlier", "Music too loud", "Typo in the title"].entries()) {
      expect(await say(client, `00:00:0${index}:00`, text)).toMatchObject({ ok: true });
    }
    expect(await say(team, "00:00:01:00", "Fixed in v2")).toMatchObject({ ok: true });
    expect(await say(team, "00:00:02:00", "Louder?")).toMatchObject({ ok: true });

    let nudged = 0;
    const job = commentNoticeJob({
      database,
      kinds,
      windowMs,
      everyMs: 1000,
      nudgeWorker: () => {
        nudged += 1;
      },
      now: () => clock,
    });
    await job.run();
    expect(await noticeDeliveries(database)).toEqual([]); // the window is still open
    clock += windowMs;
    await Promise.all([job.run(), job.run()]);
    await job.run();
    const made = await noticeDeliveries(database);
    expect(made.map((d) => d.kind).sort()).toEqual([names.toTeam, names.toClient].sort());
    expect(nudged).toBeGreaterThanOrEqual(1);

    // A decision is told to the team in the next batch; nothing already told is told again.
    expect(
      await review.act(
        client,
        owner.clientId,
        owner.requestId,
        1,
        new URLSearchParams({ intent: "changes" }),
      ),
    ).toMatchObject({ ok: true });
    await job.run();
    clock += windowMs;
    await job.run();
    const after = await noticeDeliveries(database);
    expect(after).toHaveLength(3);
    const queued = await database.db
      .selectFrom("commentNotices")
      .select(["deliveryId"])
      .where("kind", "=", names.toTeam)
      .execute();
    expect(queued).toHaveLength(4);
    expect(new Set(queued.map((row) => row.deliveryId)).size).toBe(2);
  });
});
