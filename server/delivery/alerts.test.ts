import { afterAll, beforeAll, expect, it, onTestFinished } from "vitest";
import type { DatabaseHandle } from "../db/database.ts";
import { describeEachBackend } from "../test/backends.ts";
import { type ChatReceiver, startSlackReceiver } from "../test/chat-receivers.ts";
import { validApplication } from "../test/fixtures.ts";
import { serverOn } from "../test/server.ts";
import { type SmtpSink, startSmtpSink } from "../test/smtp-sink.ts";
import { sentOnArrival } from "../test/stored.ts";
import { freePort, waitFor } from "../test/wait.ts";

const application = validApplication();
/** What an alert must never carry: the applicant's answers. */
const answers = [
  application.name,
  application.email,
  application.accountHandle,
  application.goals,
  application.currentChallenges,
  application.contentNiche,
];

const kindsAndStatuses = async (database: DatabaseHandle, id: string) =>
  sentOnArrival(
    await database.db
      .selectFrom("deliveries")
      .select(["kind", "status"])
      .where("submissionId", "=", id)
      .orderBy("kind")
      .execute(),
  ).map((row) => `${row.kind} ${row.status}`);

/** `kindsAndStatuses` once none of the application's deliveries is pending any more. */
const finalKindsAndStatuses = (database: DatabaseHandle, id: string) =>
  waitFor(async () => {
    const rows = await kindsAndStatuses(database, id);
    return rows.every((row) => !row.endsWith("pending")) && rows;
  });

describeEachBackend("alerts of failed deliveries on $name", (backend) => {
  let slack: ChatReceiver;
  let sink: SmtpSink;
  beforeAll(async () => {
    [slack, sink] = await Promise.all([startSlackReceiver(), startSmtpSink()]);
  });
  afterAll(async () => {
    await Promise.all([slack?.stop(), sink?.stop()]);
  });

  async function serverWith(env: Record<string, string>) {
    const { server, database } = await serverOn(backend, {
      SLACK_WEBHOOK_URL: slack.url,
      DELIVERY_RETRY_DELAYS: "0.1,0.1",
      ...env,
    });
    // Runs before serverOn's cleanup: onTestFinished hooks run in reverse order.
    onTestFinished(() => slack.accept());
    const response = await server.submit(application);
    const { id } = (await response.json()) as { id: string };
    return { database, id, stop: () => server.stop() };
  }

  it("SMTP refused for good: the alerts arrive in Slack, once per failed email", async () => {
    const closed = await freePort(); // nothing listens: every connection is refused
    const { database, id, stop } = await serverWith({ SMTP_URL: `smtp://127.0.0.1:${closed}` });
    const alerts = () =>
      slack.received.filter((r) => r.body.includes(id) && r.body.includes("failed for good"));
    await waitFor(() => alerts().length === 2, { what: "two alerts in Slack" });

    const texts = alerts().map((request) => (request.json as { text: string }).text);
    expect(texts.sort()).toEqual([
      `The applicant's confirmation email of application ${id} failed for good (unreachable).`,
      `The team email of application ${id} failed for good (unreachable).`,
    ]);
    for (const request of alerts()) {
      expect(request.status).toBe(200);
      for (const answer of answers) expect(request.body).not.toContain(answer);
    }
    // The alert emails fail too (SMTP is down): marked failed, and they raise no alert.
    expect(await finalKindsAndStatuses(database, id)).toEqual([
      "alert_email failed",
      "alert_email failed",
      "alert_slack done",
      "alert_slack done",
      "applicant_confirmation failed",
      "slack done",
      "team_notification failed",
    ]);
    await stop(); // the deliveries in hand are finished: a second alert would be out
    expect(alerts()).toHaveLength(2);
  });

  it("Slack refusing for good: the alert arrives by email, to ALERT_EMAIL", async () => {
    slack.refuse({ status: 410, body: "channel_is_archived" });
    const { database, id, stop } = await serverWith({
      SMTP_URL: sink.url,
      ALERT_EMAIL: "ops@studio.example",
    });
    const alert = await waitFor(
      () => sink.messages.find((message) => message.mail.subject?.includes(id)),
      { what: "the alert email" },
    );
    expect(alert.envelope.to).toEqual(["ops@studio.example"]);
    expect(alert.mail.subject).toBe(`Delivery failed for good: Slack message of application ${id}`);
    expect(alert.mail.text).toContain(`Application: ${id}`);
    expect(alert.mail.text).toContain("Delivery: Slack message");
    expect(alert.mail.text).toContain("Error: http_4xx: the receiver refused the request (4xx)");
    for (const answer of answers) {
      expect(alert.raw).not.toContain(answer);
    }
    expect(await finalKindsAndStatuses(database, id)).toEqual([
      "alert_email done",
      "alert_slack failed",
      "applicant_confirmation done",
      "slack failed",
      "team_notification done",
    ]);
    // Slack was tried once for the message and once for its alert (4xx is final).
    expect(slack.received.filter((r) => r.body.includes(id))).toHaveLength(2);
    await stop(); // the deliveries in hand are finished: a second alert would be out
    expect(sink.messages.filter((m) => m.mail.subject?.includes(id))).toHaveLength(1);
  });
});
