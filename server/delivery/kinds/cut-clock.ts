import { turnNoticeOf } from "../../db/portal/request-clock.ts";
import { chatChannels } from "../chat/channels.ts";
import { type ClockNotice, cutClockNotice } from "../chat/cut-clock-notice.ts";
import { mailDomain } from "../messages.ts";
import { configuredNames, noticeOptions, onDemandChatKind } from "./chat.ts";
import type { DeliveryJob, KindConfig, SendContext } from "./kind.ts";
import { onDemandEmailKind, toldByDelivery } from "./on-demand-email.ts";

/**
 * The plan's clock's notices (decision 0093), made on demand by the portal's job cut-clock, one
 * per turn and kind (turn_notices): a reminder to the request's editor before the cut is due
 * (the team's address without an editor), and the team's alert once it is missed; each also on
 * every chat channel set up (the team's channel). Each is skipped, with the reason, when the
 * cut was delivered by the time it runs.
 */
const turns = toldByDelivery(
  "cut notice",
  turnNoticeOf,
  "the request is no longer there",
  (facts) => (facts.delivered ? "the cut was delivered" : undefined),
);

function emailKind<Name extends `cut_${ClockNotice}_email`>(name: Name, which: ClockNotice) {
  return onDemandEmailKind(name, turns, async (facts, job, { config, mailer }) => {
    const notice = cutClockNotice(facts, which, noticeOptions(config));
    await mailer.send({
      from: config.MAIL_FROM,
      to: which === "reminder" && facts.editor ? facts.editor.email : config.TEAM_EMAIL,
      subject: notice.subject,
      // One per delivery: a repeat after a crash is recognisable by its receiver.
      messageId: `<${job.delivery.id}.cut-${which}@${mailDomain(config.MAIL_FROM)}>`,
      text: [
        notice.sentence,
        "",
        ...notice.facts.map((fact) => `${fact.label}: ${fact.value}`),
        "",
        `${notice.link?.text ?? ""}: ${notice.link?.url ?? ""}`,
        "",
      ].join("\n"),
    });
  });
}

export const cutReminderEmailKind = emailKind("cut_reminder_email", "reminder");
export const cutMissedEmailKind = emailKind("cut_missed_email", "missed");

function chatKinds<Prefix extends `cut_${ClockNotice}`>(prefix: Prefix, which: ClockNotice) {
  const notice = async (job: DeliveryJob, context: SendContext) =>
    cutClockNotice(await turns.of(job, context), which, noticeOptions(context.config));
  return chatChannels.map((channel) => onDemandChatKind(prefix, channel, notice, turns.skipReason));
}

/** On each chat channel: the same facts, for the whole team to see. */
export const chatCutReminderKinds = chatKinds("cut_reminder", "reminder");
export const chatCutMissedKinds = chatKinds("cut_missed", "missed");

/** The clock's notices this configuration makes: the emails, and each chat channel set up. */
export function cutClockKinds(config: KindConfig & { PORTAL_CUT_REMINDER_BEFORE_HOURS: number }) {
  return {
    reminder:
      config.PORTAL_CUT_REMINDER_BEFORE_HOURS > 0
        ? configuredNames([cutReminderEmailKind, ...chatCutReminderKinds], config)
        : [],
    missed: configuredNames([cutMissedEmailKind, ...chatCutMissedKinds], config),
  };
}
