import { portal } from "#app/content/portal.ts";
import { fill } from "#app/shared/text.ts";
import { turnNoticeOf } from "../../db/portal/request-clock.ts";
import { mailDomain } from "../messages.ts";
import { onDemandEmailKind, toldByDelivery } from "./on-demand-email.ts";

/**
 * The plan's clock's notices (decision 0093), made on demand by the portal's job cut-clock, one
 * per turn and kind (turn_notices): a reminder to the request's editor before the cut is due
 * (the team's address without an editor), and the team's alert once it is missed. Each is
 * skipped, with the reason, when the cut was delivered by the time it runs.
 */
type Which = "reminder" | "missed";
const copy = portal.clock;

const turns = toldByDelivery(
  "cut notice",
  turnNoticeOf,
  "the request is no longer there",
  (facts) => (facts.delivered ? "the cut was delivered" : undefined),
);

function emailKind<Name extends `cut_${Which}_email`>(name: Name, which: Which) {
  return onDemandEmailKind(name, turns, async (facts, job, { config, mailer }) => {
    const turn =
      facts.turn === 0
        ? copy.firstCut.toLowerCase()
        : fill(copy.revision, { number: String(facts.turn) }).toLowerCase();
    const due = new Date(facts.dueAt).toISOString().replace("T", " ").slice(0, 16) + " UTC";
    const values = { client: facts.clientName, title: facts.title, turn, due };
    const subject = fill(which === "reminder" ? copy.reminderSubject : copy.missedSubject, values);
    const link = new URL("/team/cuts", config.PUBLIC_SITE_URL ?? "http://localhost").href;
    await mailer.send({
      from: config.MAIL_FROM,
      to: which === "reminder" && facts.editor ? facts.editor.email : config.TEAM_EMAIL,
      subject,
      // One per delivery: a repeat after a crash is recognisable by its receiver.
      messageId: `<${job.delivery.id}.cut-${which}@${mailDomain(config.MAIL_FROM)}>`,
      text: [
        fill(which === "reminder" ? copy.reminderSummary : copy.missedSummary, values),
        "",
        `${portal.footageNotice.clientLabel}: ${facts.clientName}`,
        `${portal.footageNotice.requestLabel}: ${facts.title}`,
        `${copy.editorFact}: ${facts.editor?.name ?? copy.noEditor}`,
        `${copy.dueFact}: ${due}`,
        "",
        `${copy.link}: ${link}`,
        "",
      ].join("\n"),
    });
  });
}

export const cutReminderEmailKind = emailKind("cut_reminder_email", "reminder");
export const cutMissedEmailKind = emailKind("cut_missed_email", "missed");
