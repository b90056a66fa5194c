import { describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/db/database.ts";
import { addMember, findMember } from "../../server/db/members.ts";
import { footageComplete } from "../../server/db/portal/request-clock.ts";
import { clientWithRequest } from "../../server/test/portal.ts";
import { postgresAvailable } from "../../server/test/postgres.ts";
import type { SmtpSink } from "../../server/test/smtp-sink.ts";
import { sleep, waitFor } from "../../server/test/wait.ts";
import { recordFigures } from "./support/figures.ts";
import { restartInstance } from "./support/instance.ts";
import { stopAfterAll } from "./support/stop-after-all.ts";
import { twoInstancesMailing } from "./support/two-instances.ts";

const teamEmail = "team@studio.example";
const editorEmail = "editor@team.example";
/**
 * The drill (decision 0093): one plan hour lasts 250 ms, so Influencer's 48 h turnaround is
 * 12 s and the reminder, 24 plan hours before due, comes at 6 s. The job cut-clock runs every
 * 200 ms on both instances; one is killed (SIGKILL) after the reminder, before due.
 */
const drill = { hourMs: 250, turnaroundHours: 48, reminderHours: 24, slackMs: 1000 } as const;
const turnaroundMs = drill.turnaroundHours * drill.hourMs;
const reminderAtMs = (drill.turnaroundHours - drill.reminderHours) * drill.hourMs;

const env = {
  PORTAL_TURNAROUND_MS_PER_HOUR: String(drill.hourMs),
  PORTAL_CUT_REMINDER_BEFORE_HOURS: String(drill.reminderHours),
  PORTAL_CLOCK_POLL_MS: "200",
  TEAM_EMAIL: teamEmail,
  DELIVERY_POLL_MS: "200",
  DELIVERY_LEASE_MS: "5000",
  DELIVERY_RETRY_DELAYS: "0.5,1,1,2",
  CONFIRMATIONS_PER_HOUR: "1000000",
};

const cutEmails = (sink: SmtpSink, prefix: string) =>
  sink.messages.filter((message) => (message.mail.subject ?? "").startsWith(prefix));

const cutRows = (store: DatabaseHandle) =>
  store.db
    .selectFrom("deliveries")
    .select(["id", "kind", "status"])
    .where("kind", "in", ["cut_reminder_email", "cut_missed_email"])
    .execute();

describe.skipIf(!postgresAvailable())("the plan's clock across instances and a crash", () => {
  const stops = stopAfterAll();

  it("two instances, one killed with SIGKILL between the reminder and the alert: exactly one reminder to the editor and one alert to the team", {
    timeout: 90_000,
  }, async ({ task }) => {
    const { victim, sink, handle } = await twoInstancesMailing(stops, env);
    await addMember(handle, editorEmail);
    const editor = await findMember(handle, editorEmail);
    const client = await clientWithRequest(handle, { plan: "Influencer", title: "Drill cut" });

    // The client marks the footage complete: the clock starts, the editor is the one member.
    const startedAt = Date.now();
    const marked = await footageComplete(handle, { ...client, now: startedAt });
    expect(marked).toEqual({ marked: true, editorId: editor?.id, cutCameFirst: false });

    // The reminder comes (from either instance); then the victim is killed, before due.
    await waitFor(async () => cutEmails(sink, "Cut due soon").length > 0, {
      timeoutMs: reminderAtMs + 8000,
      intervalMs: 100,
      what: "the reminder",
    });
    const remindedAt = Date.now();
    await victim.crash();
    const killedAt = Date.now();
    expect(killedAt).toBeLessThan(startedAt + turnaroundMs);

    // The alert comes from the survivor; the victim restarts afterwards on the same database.
    await waitFor(async () => cutEmails(sink, "Cut overdue").length > 0, {
      timeoutMs: turnaroundMs + 10_000,
      intervalMs: 100,
      what: "the alert",
    });
    const restarted = await restartInstance(victim, stops.instances);
    // Long enough for a late duplicate from any of the three (runs every 200 ms).
    await sleep(3000);
    expect(restarted.alive()).toBe(true);

    const reminders = cutEmails(sink, "Cut due soon");
    const alerts = cutEmails(sink, "Cut overdue");
    const rows = await cutRows(handle);
    recordFigures(task, {
      order: 12,
      scenario:
        "the plan's clock across 2 instances, kill -9 between reminder and alert (PostgreSQL)",
      figures: [
        { name: "reminder emails", value: reminders.length, must: "= 1" },
        { name: "cut-overdue emails", value: alerts.length, must: "= 1" },
        { name: "killed at (s after footage complete)", value: (killedAt - startedAt) / 1000 },
      ],
    });
    expect(reminders).toHaveLength(1);
    expect(alerts).toHaveLength(1);
    expect(rows.map((row) => `${row.kind} ${row.status}`).sort()).toEqual([
      "cut_missed_email done",
      "cut_reminder_email done",
    ]);
    const [reminder] = reminders;
    const [alert] = alerts;
    expect(reminder?.envelope.to).toEqual([editorEmail]);
    expect(alert?.envelope.to).toEqual([teamEmail]);
    // Not early: the reminder from 24 plan hours before due, the alert from due.
    expect(reminder?.receivedAt).toBeGreaterThanOrEqual(startedAt + reminderAtMs - drill.slackMs);
    expect(reminder?.receivedAt).toBeLessThanOrEqual(remindedAt);
    expect(alert?.receivedAt).toBeGreaterThanOrEqual(startedAt + turnaroundMs - drill.slackMs);
    expect(alert?.receivedAt).toBeGreaterThan(killedAt);
    expect(reminder?.mail.text).toContain("Drill cut");
  });
});
