import { expect, it } from "vitest";
import { firstResponseStatements } from "../db/applications/promise.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { addMember } from "../db/members.ts";
import { describeEachBackend } from "../test/backends.ts";
import { validApplication } from "../test/fixtures.ts";
import { serverOn } from "../test/server.ts";
import { smtpSinkForFile } from "../test/smtp-sink.ts";
import { waitFor } from "../test/wait.ts";

const sink = await smtpSinkForFile();

const teamEmail = "team@studio.example";
/** A drill's clock: due 3 s after arrival, the owner reminded 2 s before (1 s after arrival). */
const drill = {
  RESPONSE_PROMISE_SECONDS: "3",
  REMINDER_BEFORE_SECONDS: "2",
  TEAM_EMAIL: teamEmail,
};

const kindsOf = async (database: DatabaseHandle, id: string) =>
  (
    await database.db
      .selectFrom("deliveries")
      .select(["kind", "status", "skipReason"])
      .where("submissionId", "=", id)
      .where("kind", "in", ["reminder_email", "missed_email"])
      .orderBy("kind")
      .execute()
  ).map((row) => `${row.kind} ${row.status}${row.skipReason ? ` (${row.skipReason})` : ""}`);

describeEachBackend("the promise's reminder and alert on $name", (backend) => {
  it("reminds the owner before due and tells the team at due, once each; nothing for the answered", async () => {
    const { server, database } = await serverOn(backend, { ...drill, SMTP_URL: sink.url });
    await addMember(database, "owner@example.com");
    const submit = async (name: string) => {
      const response = await server.submit(validApplication({ name }));
      return ((await response.json()) as { id: string }).id;
    };
    const waiting = await submit("Waiting Applicant");
    const answered = await submit("Answered Applicant");
    // A member answers the second at once (as setting Contacted does).
    await database.writeTransaction(firstResponseStatements(database.db, answered, Date.now()));

    // The promise's emails about one application (its team email names it too).
    const about = (id: string) =>
      sink.messages.filter(
        (message) =>
          message.mail.text?.includes(id) &&
          /^(Reminder|Promise missed)/.test(message.mail.subject ?? ""),
      );
    const reminder = await waitFor(
      () => about(waiting).find((message) => message.mail.subject?.startsWith("Reminder")),
      { what: "the reminder", timeoutMs: 10_000 },
    );
    expect(reminder.envelope.to).toEqual(["owner@example.com"]);
    expect(reminder.mail.text).toContain("owner <owner@example.com>");
    expect(reminder.mail.text).not.toContain(validApplication().email); // no address in it
    const missed = await waitFor(
      () => about(waiting).find((message) => message.mail.subject?.startsWith("Promise missed")),
      { what: "the missed promise", timeoutMs: 10_000 },
    );
    expect(missed.envelope.to).toEqual([teamEmail]);
    // Neither before its time (a busy machine may make either late, never early).
    const { dueAt } = await database.db
      .selectFrom("submissions")
      .select("dueAt")
      .where("id", "=", waiting)
      .executeTakeFirstOrThrow();
    expect(reminder.receivedAt).toBeGreaterThanOrEqual(Number(dueAt) - 2000);
    expect(missed.receivedAt).toBeGreaterThanOrEqual(Number(dueAt));

    await waitFor(async () =>
      (await kindsOf(database, answered)).every((k) => !k.includes("pending")),
    );
    expect(await kindsOf(database, answered)).toEqual([
      "missed_email skipped (answered)",
      "reminder_email skipped (answered)",
    ]);
    await server.stop(); // the deliveries in hand are finished: a second copy would be out
    expect(about(waiting)).toHaveLength(2); // once each
    expect(about(answered)).toEqual([]);
    expect(await kindsOf(database, waiting)).toEqual(["missed_email done", "reminder_email done"]);
  });
});
