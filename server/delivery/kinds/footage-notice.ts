import { portal } from "#app/content/portal.ts";
import { noticeBatchOf } from "../../db/portal/upload-notices.ts";
import { chatChannels } from "../chat/channels.ts";
import { footageNotice } from "../chat/footage-notice.ts";
import { mailDomain } from "../messages.ts";
import { configuredNames, noticeOptions, onDemandChatKind } from "./chat.ts";
import type { DeliveryJob, DeliveryKind, KindConfig, SendContext } from "./kind.ts";

/** The most files one notice names (the rest are counted: "and 12 more"). */
export const noticeFilesShown = 50;

/** The batch this delivery tells (fixed when it was made, so a retry says the same). */
async function batchOf({ delivery }: DeliveryJob, { database }: SendContext) {
  if (!database) throw new Error("the footage notice needs the database");
  return noticeBatchOf(database, delivery.id, noticeFilesShown);
}

/** Skipped when none of its files is still there (erased, or expired with its client). */
async function skipReason(job: DeliveryJob, context: SendContext) {
  return (await batchOf(job, context)) ? undefined : "the footage is no longer there";
}

async function noticeFor(job: DeliveryJob, context: SendContext) {
  const batch = await batchOf(job, context);
  if (!batch) throw new Error("the footage is no longer there");
  return footageNotice(batch, job.owner ?? undefined, noticeOptions(context.config));
}

/**
 * "New footage from <client>" by email to the owner of the client's application (TEAM_EMAIL
 * without one): made by the portal's job footage-notices (decision 0087), one per request's
 * batch of finished files, listing each with its length and the plan's minutes flag.
 */
export const footageNoticeEmailKind = {
  name: "footage_notice_email",
  made: "on-demand",
  configured: () => true,
  skipReason,
  async send(job, context) {
    const { config, mailer } = context;
    const notice = await noticeFor(job, context);
    const owner = job.owner ?? undefined;
    const facts = notice.facts.filter((fact) => fact.label !== portal.footageNotice.filesLabel);
    await mailer.send({
      from: config.MAIL_FROM,
      to: owner ? owner.email : config.TEAM_EMAIL,
      subject: notice.subject,
      // One per delivery: a repeat after a crash is recognisable by its receiver.
      messageId: `<${job.delivery.id}.footage-notice@${mailDomain(config.MAIL_FROM)}>`,
      text: [
        `${notice.subject} — ${notice.link?.url ?? ""}`,
        "",
        ...facts.map((fact) => `${fact.label}: ${fact.value}`),
        "",
        ...notice.fileLines.map((line) => `- ${line}`),
        "",
        `${notice.link?.text ?? ""}: ${notice.link?.url ?? ""}`,
        "",
      ].join("\n"),
    });
  },
} as const satisfies DeliveryKind<"footage_notice_email">;

/** On a chat channel: the same facts, naming the owner. */
export const chatFootageNoticeKinds = chatChannels.map((channel) =>
  onDemandChatKind("footage_notice", channel, noticeFor, skipReason),
);

/** The notices finished footage makes with this configuration: the email, and each chat set up. */
export function footageNoticeKinds(config: KindConfig): string[] {
  return configuredNames([footageNoticeEmailKind, ...chatFootageNoticeKinds], config);
}
