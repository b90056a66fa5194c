import { expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/database.ts";
import { addMember } from "../../db/members.ts";
import { footageComplete, turnNotice, versionForTests } from "../../db/portal/request-clock.ts";
import { describeEachBackend, migratedDatabase } from "../../test/backends.ts";
import { recordingMailer, siteWorkerConfig, workerSending } from "../../test/delivery-worker.ts";
import { clientWithRequest } from "../../test/portal.ts";
import { waitFor } from "../../test/wait.ts";

const rowOf = async (database: DatabaseHandle, id: string) =>
  database.db
    .selectFrom("deliveries")
    .select(["status", "skipReason"])
    .where("id", "=", id)
    .executeTakeFirst();

/** An Influencer client's request with its footage complete and an editor: its ids. */
async function running(database: DatabaseHandle) {
  await addMember(database, "eve@studio.example");
  const client = await clientWithRequest(database, {
    plan: "Influencer",
    name: "Ada Lovelace",
    title: "Spring launch",
  });
  await footageComplete(database, { ...client, now: Date.parse("2026-11-28T10:00:00Z") });
  return client;
}

async function notice(database: DatabaseHandle, requestId: string, kind: string) {
  const deliveryId = crypto.randomUUID();
  const dueAt = Date.parse("2026-11-30T10:00:00Z");
  const made = await turnNotice(database, {
    requestId,
    turn: 0,
    kind,
    deliveryId,
    dueAt,
    now: Date.now(),
  });
  expect(made).toBe(true);
  return deliveryId;
}

describeEachBackend("the cut notices on $name", (backend) => {
  it("reminds the editor and alerts the team, each once, with the client, request, editor and due time", async () => {
    const { database } = await migratedDatabase(backend);
    const client = await running(database);
    const reminder = await notice(database, client.requestId, "cut_reminder_email");
    const missed = await notice(database, client.requestId, "cut_missed_email");
    // The same turn and kind again: nothing made.
    expect(
      await turnNotice(database, {
        requestId: client.requestId,
        turn: 0,
        kind: "cut_missed_email",
        deliveryId: crypto.randomUUID(),
        dueAt: 0,
        now: Date.now(),
      }),
    ).toBe(false);
    const mail = recordingMailer();
    workerSending(database, mail.mailer);
    await waitFor(async () => mail.sent.length === 2, { what: "both sent" });
    const byTo = new Map(mail.sent.map((email) => [email.to, email]));
    const toEditor = byTo.get("eve@studio.example");
    expect(toEditor?.subject).toBe("Cut due soon for Ada Lovelace: Spring launch");
    expect(toEditor?.messageId).toBe(`<${reminder}.cut-reminder@reelsmith.example>`);
    expect(toEditor?.text).toContain("Due: 2026-11-30 10:00 UTC");
    expect(toEditor?.text).toContain("https://reelsmith.example/team/cuts");
    const toTeam = byTo.get(siteWorkerConfig.TEAM_EMAIL);
    expect(toTeam?.subject).toBe("Cut overdue for Ada Lovelace: Spring launch");
    expect(toTeam?.messageId).toBe(`<${missed}.cut-missed@reelsmith.example>`);
    expect(toTeam?.text).toContain("Editor: eve");
  });

  it("is skipped, unsent, when the cut was delivered by the time it runs", async () => {
    const { database } = await migratedDatabase(backend);
    const client = await running(database);
    const missed = await notice(database, client.requestId, "cut_missed_email");
    await versionForTests(database, { ...client, number: 1, createdAt: Date.now() });
    const mail = recordingMailer();
    workerSending(database, mail.mailer);
    await waitFor(async () => (await rowOf(database, missed))?.status === "skipped", {
      what: "skipped",
    });
    expect(await rowOf(database, missed)).toEqual({
      status: "skipped",
      skipReason: "the cut was delivered",
    });
    expect(mail.sent).toEqual([]);
  });
});
