import { portal } from "#app/content/portal.ts";
import { noticeBatchOf } from "../../db/portal/upload-notices.ts";
import { chatChannels } from "../chat/channels.ts";
import { footageNotice } from "../chat/footage-notice.ts";
import { mailDomain } from "../messages.ts";
import { configuredNames, noticeOptions, onDemandChatKind } from "./chat.ts";
import type { DeliveryJob, KindConfig, SendContext } from "./kind.ts";
import { onDemandEmailKind, toldByDelivery } from "./on-demand-email.ts";

/** The most files one notice names (the rest are counted: "and 12 more"). */
export const noticeFilesShown = 50;

/** The batch this delivery tells; skipped when none of its files is still there (erased, or
 * expired with its client). */
const batches = toldByDelivery(
  "footage notice",
  (database, deliveryId) => noticeBatchOf(database, deliveryId, noticeFilesShown),
  "the footage is no longer there",
);

async function noticeFor(job: DeliveryJob, context: SendContext) {
  const batch = await batches.of(job, context);
  return footageNotice(batch, job.owner ?? undefined, noticeOptions(context.config));
}

/**
 * "New footage from <client>" by email to the owner of the client's application (TEAM_EMAIL
 * without one): made by the portal's job footage-notices (decision 0087), one per request's
 * batch of finished files, listing each with its length and the plan's minutes flag.
 */
export const footageNoticeEmailKind = onDemandEmailKind(
  "footage_notice_email",
  batches,
  async (batch, job, { config, mailer }) => {
    const owner = job.owner ?? undefined;
    const notice = footageNotice(batch, owner, noticeOptions(config));
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
);

/** On a chat channel: the same facts, naming the owner. */
export const chatFootageNoticeKinds = chatChannels.map((channel) =>
  onDemandChatKind("footage_notice", channel, noticeFor, batches.skipReason),
);

/** The notices finished footage makes with this configuration: the email, and each chat set up. */
export function footageNoticeKinds(config: KindConfig): string[] {
  return configuredNames([footageNoticeEmailKind, ...chatFootageNoticeKinds], config);
}
