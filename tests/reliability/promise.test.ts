import { describe, expect, it } from "vitest";
import { firstResponseStatements } from "../../server/db/applications/promise.ts";
import type { DatabaseHandle } from "../../server/db/database.ts";
import { addMember } from "../../server/db/members.ts";
import { postgresAvailable } from "../../server/test/postgres.ts";
import type { ReceivedMail, SmtpSink } from "../../server/test/smtp-sink.ts";
import { sleep, waitFor } from "../../server/test/wait.ts";
import { submitAcross } from "./support/applications.ts";
import { recordFigures } from "./support/figures.ts";
import { type Instance, restartInstance } from "./support/instance.ts";
import { stopAfterAll } from "./support/stop-after-all.ts";
import { twoInstancesMailing } from "./support/two-instances.ts";

const teamEmail = "team@studio.example";
const memberEmail = "owner@team.example";
/** The drill: its clock, its instances' lease, and when it kills and how long it waits. */
const drill = {
  promiseSeconds: 60,
  reminderBeforeSeconds: 30,
  leaseMs: 5000,
  applications: 20,
  /** Every fifth application is answered at once: no reminder, no alert. */
  answeredEvery: 5,
  /** The kill: this long after the first application (after the reminders, before due). */
  killAfterMs: 35_000,
  /** Every reminder and alert settled within this long after the first application. */
  settleWithinMs: 95_000,
  /** Clock slack between the sink's clock and the server's (same machine): -1 s. */
  slackMs: 1000,
} as const;
const {
  promiseSeconds,
  reminderBeforeSeconds,
  leaseMs,
  applications,
  answeredEvery,
  killAfterMs,
  settleWithinMs,
  slackMs,
} = drill;

const env = {
  RESPONSE_PROMISE_SECONDS: String(promiseSeconds),
  REMINDER_BEFORE_SECONDS: String(reminderBeforeSeconds),
  TEAM_EMAIL: teamEmail,
  DELIVERY_POLL_MS: "200",
  DELIVERY_LEASE_MS: String(leaseMs),
  DELIVERY_RETRY_DELAYS: "0.5,1,1,2",
  CONFIRMATIONS_PER_HOUR: "1000000",
};

const promiseKinds = ["reminder_email", "missed_email"] as const;
type PromiseKind = (typeof promiseKinds)[number];

/** The promise's rows (reminder and alert) of every application. */
function promiseRows(store: DatabaseHandle) {
  return store.db
    .selectFrom("deliveries")
    .selectAll()
    .where("kind", "in", [...promiseKinds])
    .execute();
}

const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** The promise's emails received: which one, about which application (the id in its link). */
function promiseEmails(sink: SmtpSink) {
  const emails: { which: "reminder" | "missed"; ids: string[]; message: ReceivedMail }[] = [];
  for (const message of sink.messages) {
    const subject = message.mail.subject ?? "";
    const which = subject.startsWith("Reminder:")
      ? "reminder"
      : subject.startsWith("Promise missed:")
        ? "missed"
        : undefined;
    if (!which) continue;
    emails.push({ which, ids: [...new Set(message.mail.text?.match(uuid) ?? [])], message });
  }
  return emails;
}

describe.skipIf(!postgresAvailable())(
  "the promise's reminders across instances and restarts",
  () => {
    const stops = stopAfterAll();

    it("two instances, one killed and restarted between reminder and due: each unanswered application reminded once and alerted once, the answered skipped", {
      timeout: 120_000,
    }, async ({ task }) => {
      const { victim, survivor, sink, handle } = await twoInstancesMailing(stops, env);
      await addMember(handle, memberEmail);

      // N applications, alternately on each instance.
      const firstSubmittedAt = Date.now();
      const ids = await submitAcross([victim, survivor], applications, "promise");
      // A few answered at once (as a member setting Contacted does).
      const answered = ids.filter((_, i) => i % answeredEvery === 0);
      const unanswered = ids.filter((id) => !answered.includes(id));
      for (const id of answered) {
        await handle.writeTransaction(firstResponseStatements(handle.db, id, Date.now()));
      }

      const storedApplications = new Map(
        (
          await handle.db
            .selectFrom("submissions")
            .select(["id", "createdAt", "dueAt", "ownerId"])
            .execute()
        ).map((row) => [row.id, row]),
      );
      const firstDue = Math.min(
        ...[...storedApplications.values()].map((row) => Number(row.dueAt)),
      );

      // After the reminders (all settled, and at least killAfterMs), before due: kill -9.
      await sleep(Math.max(0, firstSubmittedAt + killAfterMs - Date.now()));
      await waitFor(
        async () =>
          (await promiseRows(handle)).every(
            (row) => row.kind !== "reminder_email" || row.status !== "pending",
          ),
        { timeoutMs: 15_000, intervalMs: 200, what: "every reminder settled" },
      ).catch(() => undefined);
      const killedAt = Date.now();
      await victim.crash();
      const leasedAtKill = (await promiseRows(handle)).filter(
        (row) =>
          row.status === "pending" &&
          row.leaseOwner?.includes(`/${victim.pid}/`) &&
          Number(row.leaseExpiresAt) > killedAt,
      );
      // The victim comes back on the same database before the first application is due.
      const restarted = await restartInstance(victim, stops.instances);
      const restartedAt = Date.now();

      // Every reminder and alert done or skipped.
      await waitFor(
        async () => {
          const rows = await promiseRows(handle);
          return rows.length === 2 * applications && rows.every((row) => row.status !== "pending");
        },
        {
          timeoutMs: Math.max(1000, firstSubmittedAt + settleWithinMs - Date.now()),
          intervalMs: 250,
          what: "every reminder and alert done or skipped",
        },
      ).catch(() => undefined);
      // A little longer, for a late duplicate to show.
      await sleep(1000);

      const rows = await promiseRows(handle);
      const emails = promiseEmails(sink);
      const byMessageId = new Map<string, number>();
      for (const { message } of emails) {
        const id = message.mail.messageId ?? "(none)";
        byMessageId.set(id, (byMessageId.get(id) ?? 0) + 1);
      }
      const duplicateMessageIds = [...byMessageId].filter(([, n]) => n > 1).map(([id]) => id);
      const count = (which: "reminder" | "missed", id: string) =>
        emails.filter((email) => email.which === which && email.ids.includes(id));
      const reminders = emails.filter((email) => email.which === "reminder");
      const alerts = emails.filter((email) => email.which === "missed");
      const duplicateEmails = unanswered.reduce(
        (sum, id) =>
          sum +
          Math.max(0, count("reminder", id).length - 1) +
          Math.max(0, count("missed", id).length - 1),
        0,
      );
      const alertsBy = (instance: Instance) =>
        rows.filter(
          (row) =>
            row.kind === "missed_email" &&
            row.status === "done" &&
            row.leaseOwner?.includes(`/${instance.pid}/`),
        ).length;

      recordFigures(task, {
        order: 11,
        scenario: "promise reminders across 2 instances, kill -9 and restart (PostgreSQL)",
        figures: [
          {
            name: "applications (answered at once)",
            value: `${applications} (${answered.length})`,
          },
          { name: "reminder emails", value: reminders.length, must: `= ${unanswered.length}` },
          { name: "promise-missed emails", value: alerts.length, must: `= ${unanswered.length}` },
          {
            name: "duplicates (by application / by Message-ID)",
            value: `${duplicateEmails} / ${duplicateMessageIds.length}`,
            must: "0 / 0",
          },
          {
            name: "answered: rows skipped (answered)",
            value: rows.filter(
              (row) =>
                answered.includes(row.submissionId) &&
                row.status === "skipped" &&
                row.skipReason === "answered",
            ).length,
            must: `= ${2 * answered.length}`,
          },
          {
            name: "killed at (s after first submission)",
            value: Math.round((killedAt - firstSubmittedAt) / 100) / 10,
          },
          {
            name: "restarted at (s after first submission)",
            value: Math.round((restartedAt - firstSubmittedAt) / 100) / 10,
            must: `< ${promiseSeconds}`,
          },
          { name: "promise rows under the victim's lease at the kill", value: leasedAtKill.length },
          {
            name: "alerts sent by survivor / restarted",
            value: `${alertsBy(survivor)} / ${alertsBy(restarted)}`,
          },
        ],
      });
      console.log(
        `promise across instances: applications=${applications} answered=${answered.length} reminders=${reminders.length} alerts=${alerts.length} duplicates=${duplicateEmails} (by Message-ID ${duplicateMessageIds.length}) leasedAtKill=${leasedAtKill.length} restartedAt=+${((restartedAt - firstSubmittedAt) / 1000).toFixed(1)}s`,
      );

      // The scenario happened as meant: the restart fell between the reminders and the alerts.
      expect(restartedAt).toBeLessThan(firstDue);
      expect(rows).toHaveLength(2 * applications);

      // Every application has the one member as its owner, and its clock: due = received + 60 s.
      const [member] = await handle.db
        .selectFrom("teamMembers")
        .select("id")
        .where("email", "=", memberEmail)
        .execute();
      for (const id of ids) {
        const application = storedApplications.get(id);
        expect(application?.ownerId).toBe(member?.id);
        expect(Number(application?.dueAt) - Number(application?.createdAt)).toBe(
          promiseSeconds * 1000,
        );
      }

      // Each row was made with its due time, in the future, and ended done or skipped.
      for (const row of rows) {
        const application = storedApplications.get(row.submissionId);
        const due = Number(application?.dueAt);
        const at: Record<PromiseKind, number> = {
          reminder_email: due - reminderBeforeSeconds * 1000,
          missed_email: due,
        };
        expect(Number(row.nextAttemptAt)).toBe(at[row.kind as PromiseKind]);
        expect(Number(row.nextAttemptAt)).toBeGreaterThan(Number(row.createdAt));
      }

      // The answered: both rows skipped (answered), no email.
      for (const id of answered) {
        expect(
          rows
            .filter((row) => row.submissionId === id)
            .map((row) => `${row.kind} ${row.status} (${row.skipReason})`)
            .sort(),
        ).toEqual(["missed_email skipped (answered)", "reminder_email skipped (answered)"]);
        expect(emails.filter((email) => email.ids.includes(id))).toEqual([]);
      }

      // The unanswered: one reminder to the owner, one alert to the team, not early; rows done.
      for (const id of unanswered) {
        const application = storedApplications.get(id);
        const createdAt = Number(application?.createdAt);
        expect(
          rows
            .filter((row) => row.submissionId === id)
            .map((row) => `${row.kind} ${row.status}`)
            .sort(),
        ).toEqual(["missed_email done", "reminder_email done"]);
        const [reminder, ...moreReminders] = count("reminder", id);
        const [alert, ...moreAlerts] = count("missed", id);
        expect(moreReminders, `reminder of ${id} sent more than once`).toEqual([]);
        expect(moreAlerts, `alert of ${id} sent more than once`).toEqual([]);
        expect(reminder?.message.envelope.to).toEqual([memberEmail]);
        expect(alert?.message.envelope.to).toEqual([teamEmail]);
        expect(reminder?.message.receivedAt).toBeGreaterThanOrEqual(
          createdAt + reminderBeforeSeconds * 1000 - slackMs,
        );
        expect(alert?.message.receivedAt).toBeGreaterThanOrEqual(
          createdAt + promiseSeconds * 1000 - slackMs,
        );
        // Message-ID: one per delivery row, by which.
        const rowOf = (kind: PromiseKind) =>
          rows.find((row) => row.submissionId === id && row.kind === kind)?.id;
        expect(reminder?.message.mail.messageId).toMatch(
          new RegExp(`^<${rowOf("reminder_email")}\\.reminder@`),
        );
        expect(alert?.message.mail.messageId).toMatch(
          new RegExp(`^<${rowOf("missed_email")}\\.missed@`),
        );
      }
      expect(reminders).toHaveLength(unanswered.length);
      expect(alerts).toHaveLength(unanswered.length);
      expect(duplicateMessageIds).toEqual([]);
    });
  },
);
