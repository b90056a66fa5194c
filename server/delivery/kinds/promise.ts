import { noticeText } from "../alerts.ts";
import { chatChannels } from "../chat/channels.ts";
import { promiseNotice } from "../chat/promise-notice.ts";
import { mailDomain } from "../messages.ts";
import { type Channel, isSet, noticeOptions, postTo } from "./chat.ts";
import type { DeliveryJob, DeliveryKind, KindConfig, SendContext } from "./kind.ts";

/**
 * The promise's jobs (docs/decisions/0036): made with every genuine application, each to run
 * at a time set from its due time. A reminder to the owner before it is due, and the team's
 * "promise missed" at due; each skipped (shown "Not sent", with the reason) once the
 * application is answered, or marked as spam, by the time it runs.
 */
type Which = "reminder" | "missed";

const reminderMs = (config: KindConfig) => {
  const seconds = config.REMINDER_BEFORE_SECONDS ?? 4 * 3600;
  return seconds > 0 ? -seconds * 1000 : undefined;
};
const fromDue = { reminder: reminderMs, missed: () => 0 } as const;

/** Why it should not go out now, if so: the words the application page shows. */
async function skipReason({ application }: DeliveryJob): Promise<string | undefined> {
  if (application.isSpam === 1) return "spam";
  if (application.firstResponseAt !== null) return "answered";
  return undefined;
}

/** By email: a reminder to the owner (the team without one), the missed promise to the team. */
function emailKind<Name extends `${Which}_email`>(name: Name, which: Which) {
  return {
    name,
    made: "scheduled",
    fromDueMs: fromDue[which],
    configured: () => true,
    skipReason,
    async send(job, context) {
      const { config, mailer } = context;
      const owner = job.owner ?? undefined;
      const notice = promiseNotice(which, job.application, owner, noticeOptions(config));
      await mailer.send({
        from: config.MAIL_FROM,
        to: which === "reminder" && owner ? owner.email : config.TEAM_EMAIL,
        subject: notice.subject,
        // One per delivery: a repeat after a crash is recognisable by its receiver.
        messageId: `<${job.delivery.id}.${which}@${mailDomain(config.MAIL_FROM)}>`,
        text: noticeText(notice),
      });
    },
  } as const satisfies DeliveryKind<Name>;
}

/** On a chat channel, naming the owner. */
function chatKind<C extends Channel>(channel: C, which: Which) {
  return {
    name: `${which}_${channel.name}` as `${Which}_${C["name"]}`,
    made: "scheduled",
    fromDueMs: fromDue[which],
    configured: isSet(channel),
    skipReason,
    async send(job: DeliveryJob, context: SendContext) {
      const notice = promiseNotice(
        which,
        job.application,
        job.owner ?? undefined,
        noticeOptions(context.config),
      );
      await postTo(channel, context.config, notice);
    },
  } as const satisfies DeliveryKind;
}

export const reminderEmailKind = emailKind("reminder_email", "reminder");
export const missedEmailKind = emailKind("missed_email", "missed");
export const chatReminderKinds = chatChannels.map((channel) => chatKind(channel, "reminder"));
export const chatMissedKinds = chatChannels.map((channel) => chatKind(channel, "missed"));
